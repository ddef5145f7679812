import { describe, expect, it } from 'vitest';
import { growth } from './pauses';
import { sampleScheduling, threadsOf } from './sched-sampler';

describe("the scheduler's counters of a half-load run", () => {
  it("counts the time a process's threads spend on a core: 150 ms of CPU in this test's busy loop shows as most of their run time", async () => {
    // Every thread of this process: the test may run on a worker thread rather than the main one.
    const threads = threadsOf(process.pid, 'all');
    const sampler = sampleScheduling({ serverMain: threads, serverHelpers: [], postgres: [], loadgen: [] }, 20);
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
    const ran = growth(samples, (s) => s.runMs.serverMain, from, to);
    expect(ran).toBeGreaterThan(100);
    // The process's other threads may run beside it, but not for much longer than the loop.
    expect(ran).toBeLessThan(2 * (to - from) + 25);
    expect(samples.at(-1)!.busyMs).toBeGreaterThan(samples[0]!.busyMs);
  });

  it("tells a process's main thread from its other threads", () => {
    expect(threadsOf(process.pid, 'main')).toEqual([`/proc/${process.pid}/task/${process.pid}/schedstat`]);
    // Node always runs helper threads (V8's platform workers, libuv's pool).
    expect(threadsOf(process.pid, 'others').length).toBeGreaterThan(0);
    expect(threadsOf(process.pid, 'others')).not.toContain(`/proc/${process.pid}/task/${process.pid}/schedstat`);
  });
});
