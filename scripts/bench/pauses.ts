/**
 * npm run bench, issue 20 §3: which pauses the slow requests of the half-load run met. The load
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
  /** Requests over the threshold (the p99 goal's 50 ms). */
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
export function attributePauses(timeline: [number, number][], pauses: Pause[], thresholdMs: number): PauseReport {
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
