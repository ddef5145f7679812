/**
 * npm run bench, issue 20 §3: the scheduler's own counters for the processes of a half-load run,
 * sampled from the bench's process (idle meanwhile) every 20 ms. Linux keeps, per thread, the time
 * it ran on a core and the time it was ready to run but waited for one (/proc/<pid>/task/<tid>/schedstat,
 * in ns); /proc/stat keeps the machine's steal time. pauses.ts reads how much of each grew during
 * each slow request.
 */
import { closeSync, openSync, readFileSync, readSync, readdirSync } from 'node:fs';
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

/**
 * The counters are read through descriptors kept open (a positioned read regenerates a /proc file),
 * into one buffer: opening ~20 files every tick cost the bench's process ~7 % of a core, which it
 * would take from the processes it watches.
 */
const buffer = Buffer.alloc(4096);

function readAt(fd: number, max = buffer.length): string {
  const n = readSync(fd, buffer, 0, max, 0);
  return buffer.toString('latin1', 0, n);
}

function openAll(files: readonly string[]): number[] {
  const fds: number[] = [];
  for (const file of files) {
    try {
      fds.push(openSync(file, 'r'));
    } catch {
      /* the thread is gone already */
    }
  }
  return fds;
}

function readSched(fds: readonly number[]): [number, number] {
  let run = 0;
  let wait = 0;
  for (const fd of fds) {
    try {
      const line = readAt(fd, 128);
      const space = line.indexOf(' ');
      run += Number(line.slice(0, space));
      wait += Number(line.slice(space + 1, line.indexOf(' ', space + 1)));
    } catch {
      /* the thread ended: its time is no longer counted from here on */
    }
  }
  return [run / 1e6, wait / 1e6];
}

/** The machine's busy time (user, nice, system, irq, softirq) and steal time, summed over CPUs, in ms: /proc/stat's first line. */
function machineMs(statFd: number): { busyMs: number; stealMs: number } {
  const text = readAt(statFd, 256);
  const [, user, nice, system, , , irq, softirq, steal] = text.slice(0, text.indexOf('\n')).trim().split(/\s+/).map(Number);
  return { busyMs: ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) * TICK_MS, stealMs: (steal ?? 0) * TICK_MS };
}

/** Samples until stopped; `stop()` closes the files and returns the samples in time order. */
export function sampleScheduling(groups: Record<SchedGroup, readonly string[]>, everyMs = 20): { stop: () => SchedSample[] } {
  const samples: SchedSample[] = [];
  const names = Object.keys(groups) as SchedGroup[];
  const fds = Object.fromEntries(names.map((name) => [name, openAll(groups[name])])) as Record<SchedGroup, number[]>;
  const statFd = openSync('/proc/stat', 'r');
  const take = () => {
    const runMs = {} as Record<SchedGroup, number>;
    const waitMs = {} as Record<SchedGroup, number>;
    for (const name of names) [runMs[name], waitMs[name]] = readSched(fds[name]);
    samples.push({ atMs: performance.timeOrigin + performance.now(), runMs, waitMs, ...machineMs(statFd) });
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      for (const fd of [...Object.values(fds).flat(), statFd]) closeSync(fd);
      return samples;
    },
  };
}
