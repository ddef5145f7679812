/** CPU time and memory of a process from /proc (Linux), for `npm run bench`. */
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
/** One clock tick of /proc's CPU times, in ms. */
export const TICK_MS = 1000 / TICKS_PER_SECOND;

/** utime + stime (and, with children, cutime + cstime) of a process, in milliseconds. */
export function cpuMs(pid: number, withChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17.
    const ticks = Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** stime alone: the part of a process's CPU spent in the kernel (socket writes and reads, mostly), in milliseconds. */
export function systemCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[12]) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The live children of a process (a PostgreSQL postmaster's backends, writers and autovacuum). */
export function childrenOf(parentPid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parentPid) children.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return children;
}

/** CPU of a PostgreSQL cluster: the postmaster (with its exited children) and every live backend. */
export function clusterCpuMs(postmasterPid: number): number {
  return childrenOf(postmasterPid).reduce((total, pid) => total + cpuMs(pid), cpuMs(postmasterPid, true));
}

export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}

/** Samples the RSS of some processes every `everyMs` until stopped; keeps the maximum of each. */
export function sampleRss(pids: Record<string, number>, everyMs = 250) {
  const max: Record<string, number> = {};
  const samples: Record<string, number[]> = {};
  const take = () => {
    for (const [name, pid] of Object.entries(pids)) {
      const mb = rssMb(pid);
      if (mb === 0) continue;
      max[name] = Math.max(max[name] ?? 0, mb);
      (samples[name] ??= []).push(mb);
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  timer.unref();
  return {
    max,
    samples,
    stop: () => {
      clearInterval(timer);
      take();
    },
  };
}

export function machine(): { cpus: number; cpuModel: string; memoryGb: number; kernel: string } {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? 'unknown';
  const cpus = (cpuinfo.match(/^processor\s*:/gm) ?? []).length;
  const mem = Number(/MemTotal:\s+(\d+) kB/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0) / 1024 / 1024;
  const kernel = readFileSync('/proc/sys/kernel/osrelease', 'utf8').trim();
  return { cpus, cpuModel: model, memoryGb: Math.round(mem * 10) / 10, kernel };
}
