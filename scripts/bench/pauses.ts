/**
 * npm run bench: which pauses the slow requests of the half-load run met. The load
 * generator writes each request's scheduled start and latency (loadgen.ts, BENCH_TIMELINE), FACT
 * writes each garbage collection's main-thread pause (gc-log.ts, BENCH_GC_LOG), both on the wall
 * clock in ms. A request counts as having met a pause when the pause overlaps the request's time
 * or ended within the backlog window before it started: requests that arrive just after a pause
 * queue behind the ones it held up.
 */

export type PauseKind = 'mark-compact' | 'scavenge';

export interface Pause {
  startMs: number;
  durationMs: number;
  /** gc-log.ts's kind: mark-compact, incremental-marking and weak-callbacks belong to a mark-compact cycle. */
  kind: string;
}

export interface PauseReport {
  /** Requests over the threshold (the report's SLOW_MS). */
  slow: number;
  /** Of those: met a pause of a mark-compact cycle (its incremental steps, weak callbacks or final pause). */
  markCompact: number;
  /** … met only scavenges. */
  scavenge: number;
  /** … met no collection: the process was busy with requests, or the machine gave it no core. */
  none: number;
  /** Main-thread GC pause per second of the run, by cycle kind. */
  pauseMsPerSecond: Record<PauseKind, number>;
  /** Mark-compacts finished in the run. */
  markCompacts: number;
}

/** Older requests queue behind a pause this long after it ends (a few requests' service time). */
export const BACKLOG_MS = 50;

export function cycleOf(kind: string): PauseKind {
  return kind === 'scavenge' ? 'scavenge' : 'mark-compact';
}

export function parseGcLog(text: string): Pause[] {
  const pauses: Pause[] = [];
  for (const line of text.split('\n')) {
    const [start, duration, kind] = line.trim().split(' ');
    if (!start || !duration || !kind) continue;
    pauses.push({ startMs: Number(start), durationMs: Number(duration), kind });
  }
  return pauses;
}

/** `timeline`: [scheduled start ms, latency ms] per request, as loadgen.ts writes it. */
export function attributePauses(timeline: readonly TimelineEntry[], pauses: Pause[], thresholdMs: number): PauseReport {
  const report: PauseReport = { slow: 0, markCompact: 0, scavenge: 0, none: 0, pauseMsPerSecond: { 'mark-compact': 0, scavenge: 0 }, markCompacts: 0 };
  if (timeline.length === 0) return report;
  const from = Math.min(...timeline.map(([s]) => s));
  const to = Math.max(...timeline.map(([s, l]) => s + l));
  const near = pauses.filter((p) => p.startMs + p.durationMs >= from - BACKLOG_MS && p.startMs <= to);
  for (const p of near.filter((p) => p.startMs + p.durationMs >= from)) {
    report.pauseMsPerSecond[cycleOf(p.kind)] += p.durationMs;
    if (p.kind === 'mark-compact') report.markCompacts++;
  }
  const seconds = Math.max((to - from) / 1000, 1e-3);
  for (const k of ['mark-compact', 'scavenge'] as const) report.pauseMsPerSecond[k] /= seconds;
  for (const [start, latency] of timeline) {
    if (latency <= thresholdMs) continue;
    report.slow++;
    const met = near.filter((p) => p.startMs <= start + latency && p.startMs + p.durationMs >= start - BACKLOG_MS).map((p) => cycleOf(p.kind));
    if (met.includes('mark-compact')) report.markCompact++;
    else if (met.includes('scavenge')) report.scavenge++;
    else report.none++;
  }
  return report;
}

/** The threads whose scheduler counters sched-sampler.ts sums: the server's main thread (FACT's or the baseline's), its other threads, PostgreSQL's processes, the load generator's main thread. */
export type SchedGroup = 'serverMain' | 'serverHelpers' | 'postgres' | 'loadgen';

/** Cumulative counters at one moment, in ms: time on a core and time runnable but waiting for one, per group; the machine's busy and steal time (all CPUs). */
export interface SchedSample {
  atMs: number;
  runMs: Record<SchedGroup, number>;
  waitMs: Record<SchedGroup, number>;
  busyMs: number;
  stealMs: number;
}

/** FACT's side of a tagged request: when its JavaScript first saw it and when the answer was written. */
export interface ServerTimes {
  arrivalMs: number;
  finishMs: number;
}

export function parseRequestLog(text: string): Map<number, ServerTimes> {
  const times = new Map<number, ServerTimes>();
  for (const line of text.split('\n')) {
    const [seq, arrival, finish] = line.trim().split(' ');
    if (!seq || !arrival || !finish) continue;
    times.set(Number(seq), { arrivalMs: Number(arrival), finishMs: Number(finish) });
  }
  return times;
}

/** How much a cumulative counter grew between two moments, interpolating between samples (none outside them). */
export function growth(samples: readonly SchedSample[], read: (s: SchedSample) => number, fromMs: number, toMs: number): number {
  const at = (t: number): number | null => {
    if (samples.length === 0) return null;
    if (t <= samples[0]!.atMs) return read(samples[0]!);
    if (t >= samples.at(-1)!.atMs) return read(samples.at(-1)!);
    let lo = 0;
    let hi = samples.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (samples[mid]!.atMs <= t) lo = mid;
      else hi = mid;
    }
    const a = samples[lo]!;
    const b = samples[hi]!;
    const share = b.atMs === a.atMs ? 0 : (t - a.atMs) / (b.atMs - a.atMs);
    return read(a) + share * (read(b) - read(a));
  };
  const from = at(fromMs);
  const to = at(toMs);
  return from === null || to === null ? 0 : Math.max(0, to - from);
}

/** Means over a set of requests, in ms. */
export interface LatencyParts {
  requests: number;
  latencyMs: number;
  /** Scheduled, not yet written to a connection: the load generator late, or its connections all awaiting answers. */
  notSentMs: number;
  /** Written, not yet seen by FACT's JavaScript: in the socket while FACT was busy or off its core. */
  beforeFactMs: number;
  /** From FACT's first sight of it to its answer written. */
  insideFactMs: number;
  /** Answer written, not yet read by the load generator. */
  afterFactMs: number;
  /** During the request: FACT's main thread on a core (its work for this and the other requests in flight, GC included). */
  factOnCoreMs: number;
  /** … FACT's main thread ready to run, waiting for a core another thread had. */
  factWaitingForCoreMs: number;
  /** … FACT's other threads (V8's GC helpers, mostly) on a core. */
  factHelpersOnCoreMs: number;
  /** … FACT's garbage-collection pauses on its main thread. */
  gcPauseMs: number;
  /** … PostgreSQL's processes on a core, and waiting for one, summed over processes. */
  postgresOnCoreMs: number;
  postgresWaitingForCoreMs: number;
  /** … the load generator's main thread on a core. */
  loadgenOnCoreMs: number;
  /** … the load generator's main thread waiting for a core. */
  loadgenWaitingForCoreMs: number;
  /** … the machine's CPUs busy, summed over CPUs (all processes; 10 ms ticks). */
  machineBusyMs: number;
  /** … time the hypervisor gave the machine's CPUs to someone else (steal, summed over CPUs). */
  stealMs: number;
  /** Of `requests`, how many both logs named: the split not sent / before / inside / after is over these. */
  matched: number;
}

/** loadgen.ts's [scheduled start, latency, written to a connection (null if unseen), sequence] per request; older timelines lack the last two. */
export type TimelineEntry = [number, number, (number | null)?, number?];

/** The four parts of a latency that need both the load generator's and FACT's log of the request. */
const SPLIT: readonly (keyof LatencyParts)[] = ['notSentMs', 'beforeFactMs', 'insideFactMs', 'afterFactMs'];

/**
 * Where the requests' latency went (means over the slow ones and over all), from four logs on one
 * wall clock: the load generator's timeline, FACT's own times for each request (request-log.ts),
 * the scheduler's counters of the processes involved (sched-sampler.ts) and FACT's GC pauses.
 */
export function explainLatency(
  timeline: readonly TimelineEntry[],
  server: ReadonlyMap<number, ServerTimes>,
  samples: readonly SchedSample[],
  pauses: readonly Pause[],
  thresholdMs: number,
): { slow: LatencyParts; all: LatencyParts } {
  const zero = (): LatencyParts => ({
    requests: 0,
    latencyMs: 0,
    notSentMs: 0,
    beforeFactMs: 0,
    insideFactMs: 0,
    afterFactMs: 0,
    factOnCoreMs: 0,
    factWaitingForCoreMs: 0,
    factHelpersOnCoreMs: 0,
    gcPauseMs: 0,
    postgresOnCoreMs: 0,
    postgresWaitingForCoreMs: 0,
    loadgenOnCoreMs: 0,
    loadgenWaitingForCoreMs: 0,
    machineBusyMs: 0,
    stealMs: 0,
    matched: 0,
  });
  const slow = zero();
  const all = zero();
  // The GC log covers the whole bench: only the pauses within this run are looked at per request.
  const from = Math.min(...timeline.map(([start]) => start));
  const to = Math.max(...timeline.map(([start, latency]) => start + latency));
  const inRun = pauses.filter((p) => p.startMs + p.durationMs >= from && p.startMs <= to);
  for (const [start, latency, writtenAt, seq] of timeline) {
    const end = start + latency;
    const parts: Partial<LatencyParts> = {
      latencyMs: latency,
      factOnCoreMs: growth(samples, (s) => s.runMs.serverMain, start, end),
      factWaitingForCoreMs: growth(samples, (s) => s.waitMs.serverMain, start, end),
      factHelpersOnCoreMs: growth(samples, (s) => s.runMs.serverHelpers, start, end),
      gcPauseMs: inRun.reduce((ms, p) => ms + Math.max(0, Math.min(end, p.startMs + p.durationMs) - Math.max(start, p.startMs)), 0),
      postgresOnCoreMs: growth(samples, (s) => s.runMs.postgres, start, end),
      postgresWaitingForCoreMs: growth(samples, (s) => s.waitMs.postgres, start, end),
      loadgenOnCoreMs: growth(samples, (s) => s.runMs.loadgen, start, end),
      loadgenWaitingForCoreMs: growth(samples, (s) => s.waitMs.loadgen, start, end),
      machineBusyMs: growth(samples, (s) => s.busyMs, start, end),
      stealMs: growth(samples, (s) => s.stealMs, start, end),
    };
    const times = seq === undefined ? undefined : server.get(seq);
    if (times && typeof writtenAt === 'number') {
      parts.matched = 1;
      // A request may be written up to a millisecond before its time (loadgen.ts does not wait under 1 ms).
      parts.notSentMs = Math.max(0, writtenAt - start);
      parts.beforeFactMs = Math.max(0, times.arrivalMs - writtenAt);
      parts.insideFactMs = Math.max(0, times.finishMs - times.arrivalMs);
      parts.afterFactMs = Math.max(0, end - times.finishMs);
    }
    for (const into of latency > thresholdMs ? [slow, all] : [all]) {
      into.requests++;
      for (const [key, value] of Object.entries(parts) as [keyof LatencyParts, number][]) into[key] += value;
    }
  }
  const mean = (p: LatencyParts): LatencyParts => {
    const out = { ...p };
    for (const key of Object.keys(p) as (keyof LatencyParts)[]) {
      if (key === 'requests' || key === 'matched') continue;
      const over = SPLIT.includes(key) ? p.matched : p.requests;
      out[key] = over > 0 ? p[key] / over : 0;
    }
    return out;
  };
  return { slow: mean(slow), all: mean(all) };
}
