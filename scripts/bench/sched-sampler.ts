/**
 * npm run bench, issue 20 §3: the scheduler's own counters for the processes of a half-load run,
 * sampled from the bench's process (idle meanwhile) every few ms. Linux keeps, per thread, the time
 * it ran on a core and the time it was ready to run but waited for one (/proc/<pid>/task/<tid>/schedstat,
 * in ns); /proc/stat keeps the machine's steal time. pauses.ts reads how much of each grew during
 * each slow request.
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { SchedGroup, SchedSample } from './pauses';

const TICK_MS = 10; // USER_HZ 100: /proc/stat counts in 10 ms ticks

/** The schedstat files of every thread of a process, or of its main thread alone. */
export function threadsOf(pid: number, which: 'main' | 'others' | 'all'): string[] {
  try {
    const tids = readdirSync(`/proc/${pid}/task`).map(Number);
    return tids.filter((tid) => (which === 'all' ? true : which === 'main' ? tid === pid : tid !== pid)).map((tid) => `/proc/${pid}/task/${tid}/schedstat`);
  } catch {
    return [];
  }
}

/** The postmaster and its children (backends, writers, autovacuum): single-threaded processes. */
export function clusterProcesses(postmasterPid: number): string[] {
  const files = [`/proc/${postmasterPid}/schedstat`];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmasterPid) files.push(`/proc/${entry}/schedstat`);
    } catch {
      /* gone */
    }
  }
  return files;
}

function readSched(files: readonly string[]): [number, number] {
  let run = 0;
  let wait = 0;
  for (const file of files) {
    try {
      const [r, w] = readFileSync(file, 'utf8').split(' ');
      run += Number(r);
      wait += Number(w);
    } catch {
      /* the thread ended: its time is no longer counted from here on */
    }
  }
  return [run / 1e6, wait / 1e6];
}

/** The machine's busy time (user, nice, system, irq, softirq) and steal time, summed over CPUs, in ms. */
function machineMs(): { busyMs: number; stealMs: number } {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).map(Number);
  return { busyMs: ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) * TICK_MS, stealMs: (steal ?? 0) * TICK_MS };
}

/** Samples until stopped; `stop()` returns the samples in time order. */
export function sampleScheduling(groups: Record<SchedGroup, readonly string[]>, everyMs = 10): { stop: () => SchedSample[] } {
  const samples: SchedSample[] = [];
  const names = Object.keys(groups) as SchedGroup[];
  const take = () => {
    const runMs = {} as Record<SchedGroup, number>;
    const waitMs = {} as Record<SchedGroup, number>;
    for (const name of names) [runMs[name], waitMs[name]] = readSched(groups[name]);
    samples.push({ atMs: performance.timeOrigin + performance.now(), runMs, waitMs, ...machineMs() });
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}
