/**
 * npm run bench: the scheduler's own counters for the processes of a half-load run,
 * sampled from the bench's process (idle meanwhile) every 20 ms. Linux keeps, per thread, the time
 * it ran on a core and the time it was ready to run but waited for one
 * (/proc/<pid>/task/<tid>/schedstat, in ns); /proc/stat keeps the machine's busy and steal time.
 * pauses.ts reads how much of each grew during each request.
 */
import { closeSync, openSync, readSync, readdirSync } from 'node:fs';
import type { SchedGroup, SchedSample } from './pauses';
import { childrenOf, TICK_MS } from './proc';

/** The schedstat files of every thread of a process, of its main thread alone, or of the others. */
export function threadsOf(pid: number, which: 'main' | 'others' | 'all'): string[] {
  try {
    const tids = readdirSync(`/proc/${pid}/task`).map(Number);
    return tids.filter((tid) => (which === 'all' ? true : which === 'main' ? tid === pid : tid !== pid)).map((tid) => `/proc/${pid}/task/${tid}/schedstat`);
  } catch {
    return [];
  }
}

/**
 * The postmaster and its children at the start of the run (single-threaded processes). A process
 * started later (an autovacuum worker) is not counted; one that ends keeps its last counters.
 */
export function clusterProcesses(postmasterPid: number): string[] {
  return [postmasterPid, ...childrenOf(postmasterPid)].map((pid) => `/proc/${pid}/schedstat`);
}

/**
 * The counters are read through descriptors kept open (a positioned read regenerates a /proc
 * file), into one buffer: opening ~20 files every sample cost the bench's process ~7 % of a core,
 * which it would take from the processes it watches.
 */
const buffer = Buffer.alloc(256);

function readAt(fd: number): string {
  return buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0));
}

/** One thread's counters, remembering the last ones read: a thread that ended keeps what it ran, so a sum never goes back. */
interface Counter {
  fd: number | null;
  runMs: number;
  waitMs: number;
}

function counters(files: readonly string[]): Counter[] {
  return files.map((file) => {
    try {
      return { fd: openSync(file, 'r'), runMs: 0, waitMs: 0 };
    } catch {
      return { fd: null, runMs: 0, waitMs: 0 }; // gone already
    }
  });
}

function readSched(group: Counter[]): [number, number] {
  let run = 0;
  let wait = 0;
  for (const c of group) {
    if (c.fd !== null) {
      try {
        const [r, w] = readAt(c.fd).split(' ');
        c.runMs = Number(r) / 1e6;
        c.waitMs = Number(w) / 1e6;
      } catch {
        closeSync(c.fd);
        c.fd = null;
      }
    }
    run += c.runMs;
    wait += c.waitMs;
  }
  return [run, wait];
}

/** The machine's busy time (user, nice, system, irq, softirq) and steal time, summed over CPUs, in ms: /proc/stat's first line. */
function machineMs(statFd: number): { busyMs: number; stealMs: number } {
  const text = readAt(statFd);
  const [, user, nice, system, , , irq, softirq, steal] = text.slice(0, text.indexOf('\n')).trim().split(/\s+/).map(Number);
  return { busyMs: ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) * TICK_MS, stealMs: (steal ?? 0) * TICK_MS };
}

const now = () => performance.timeOrigin + performance.now();

/** Samples until stopped; `stop()` closes the files and returns the samples in time order. */
export function sampleScheduling(groups: Record<SchedGroup, readonly string[]>, everyMs = 20): { stop: () => SchedSample[] } {
  const statFd = openSync('/proc/stat', 'r');
  const names = Object.keys(groups) as SchedGroup[];
  const threads = Object.fromEntries(names.map((name) => [name, counters(groups[name])])) as Record<SchedGroup, Counter[]>;
  const samples: SchedSample[] = [];
  const take = () => {
    const before = now();
    const runMs = {} as Record<SchedGroup, number>;
    const waitMs = {} as Record<SchedGroup, number>;
    for (const name of names) [runMs[name], waitMs[name]] = readSched(threads[name]);
    const machine = machineMs(statFd);
    samples.push({ atMs: (before + now()) / 2, runMs, waitMs, ...machine });
  };
  take();
  const timer = setInterval(take, everyMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      take();
      for (const c of Object.values(threads).flat()) if (c.fd !== null) closeSync(c.fd);
      closeSync(statFd);
      return samples;
    },
  };
}
