import { describe, expect, it } from 'vitest';
import { growth } from './pauses';
import { sampleScheduling, threadsOf } from './sched-sampler';

describe("the scheduler's counters of a half-load run", () => {
  it("counts the time a thread spends on a core: 150 ms of CPU in this test's own busy loop shows as most of its main thread's run time", async () => {
    const main = threadsOf(process.pid, 'main');
    expect(main).toEqual([`/proc/${process.pid}/task/${process.pid}/schedstat`]);
    const sampler = sampleScheduling({ factMain: main, factHelpers: [], postgres: [], loadgen: [] }, 20);
    const from = performance.timeOrigin + performance.now();
    // Busy in slices, so that the sampler's timer gets its turns, until this process has had 150 ms
    // of CPU (not of wall time: on a loaded machine the thread may wait for a core meanwhile).
    const cpu0 = process.cpuUsage();
    const cpuMs = () => {
      const d = process.cpuUsage(cpu0);
      return (d.user + d.system) / 1000;
    };
    while (cpuMs() < 150) {
      const until = performance.now() + 10;
      while (performance.now() < until);
      await new Promise((r) => setTimeout(r, 0));
    }
    const to = performance.timeOrigin + performance.now();
    const samples = sampler.stop();
    expect(samples.length).toBeGreaterThanOrEqual(3);
    expect(samples.map((s) => s.atMs)).toEqual([...samples.map((s) => s.atMs)].sort((a, b) => a - b));
    const ran = growth(samples, (s) => s.runMs.factMain, from, to);
    expect(ran).toBeGreaterThan(100);
    expect(ran).toBeLessThanOrEqual(to - from + 25);
    expect(samples.at(-1)!.busyMs).toBeGreaterThan(samples[0]!.busyMs);
  });

  it("lists a process's other threads apart from its main one", () => {
    const others = threadsOf(process.pid, 'others');
    expect(others.every((file) => !file.endsWith(`/task/${process.pid}/schedstat`))).toBe(true);
    expect(threadsOf(process.pid, 'all')).toHaveLength(others.length + 1);
  });
});
