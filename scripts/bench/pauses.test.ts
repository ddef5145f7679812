import { describe, expect, it } from 'vitest';
import { attributePauses, BACKLOG_MS, explainLatency, growth, parseGcLog, parseRequestLog, type SchedSample } from './pauses';

describe('which pauses the slow requests of the half-load run met', () => {
  it('reads gc-log.ts lines and skips blank ones', () => {
    expect(parseGcLog('1000.5 3.20 scavenge\n\n1200.0 14.00 mark-compact\n')).toEqual([
      { startMs: 1000.5, durationMs: 3.2, kind: 'scavenge' },
      { startMs: 1200, durationMs: 14, kind: 'mark-compact' },
    ]);
  });

  it('puts a slow request that overlaps a mark-compact step under the mark-compact, even when a scavenge overlaps it too', () => {
    const pauses = parseGcLog('1010 5 scavenge\n1020 8 incremental-marking\n');
    const report = attributePauses(
      [
        [1000, 60],
        [1100, 5],
      ],
      pauses,
      50,
    );
    expect(report).toMatchObject({ slow: 1, markCompact: 1, scavenge: 0, none: 0 });
  });

  it('counts a request that starts within the backlog window after a pause as having met it, and one that starts later as having met none', () => {
    const pauses = parseGcLog('1000 20 scavenge\n');
    const justAfter = 1020 + BACKLOG_MS - 1;
    const wellAfter = 1020 + BACKLOG_MS + 1;
    const report = attributePauses(
      [
        [justAfter, 70],
        [wellAfter, 70],
      ],
      pauses,
      50,
    );
    expect(report).toMatchObject({ slow: 2, scavenge: 1, none: 1, markCompact: 0 });
  });

  it('gives the pause time per second of the run and the number of finished mark-compacts, leaving out pauses outside the run', () => {
    const pauses = parseGcLog('500 9 mark-compact\n1000 4 scavenge\n1500 6 incremental-marking\n1600 10 mark-compact\n');
    const timeline: [number, number][] = [
      [1000, 10],
      [2990, 10],
    ];
    const report = attributePauses(timeline, pauses, 50);
    expect(report.markCompacts).toBe(1);
    expect(report.pauseMsPerSecond.scavenge).toBeCloseTo(2, 5);
    expect(report.pauseMsPerSecond['mark-compact']).toBeCloseTo(8, 5);
    expect(report.slow).toBe(0);
  });
});

/** A sample of cumulative counters: FACT's main thread's run and wait, PostgreSQL's wait (and three times that on a core), the steal; the CPUs busy twice FACT's run. */
const sample = (atMs: number, run: number, wait: number, steal = 0, pgWait = 0): SchedSample => ({
  atMs,
  runMs: { serverMain: run, serverHelpers: 0, postgres: 3 * pgWait, loadgen: 0 },
  waitMs: { serverMain: wait, serverHelpers: 0, postgres: pgWait, loadgen: 0 },
  busyMs: 2 * run,
  stealMs: steal,
});

describe("where a request's latency went at half load", () => {
  it('reads request-log.ts lines by sequence number', () => {
    const log = parseRequestLog('7 1000.50 1004.25\n\n8 1010.00 1013.00\n');
    expect(log.get(7)).toEqual({ arrivalMs: 1000.5, finishMs: 1004.25 });
    expect(log.get(8)).toEqual({ arrivalMs: 1010, finishMs: 1013 });
    expect(log.size).toBe(2);
  });

  it('interpolates a counter between samples and counts nothing outside them', () => {
    const samples = [sample(1000, 0, 0), sample(1010, 10, 4), sample(1020, 10, 14)];
    expect(growth(samples, (s) => s.waitMs.serverMain, 1005, 1015)).toBeCloseTo(7, 5);
    expect(growth(samples, (s) => s.runMs.serverMain, 990, 1030)).toBeCloseTo(10, 5);
    expect(growth(samples, (s) => s.runMs.serverMain, 1030, 1040)).toBe(0);
    expect(growth([], (s) => s.runMs.serverMain, 0, 10)).toBe(0);
  });

  it('splits a slow request into not yet sent, the socket, FACT and the way back, and names what the scheduler and the collector did meanwhile', () => {
    // Scheduled at 1000, written to a connection at 1004, seen by FACT at 1030, answered at 1050, read at 1060.
    const timeline: [number, number, number, number][] = [
      [1000, 60, 1004, 1],
      [1100, 5, 1100, 2],
    ];
    const server = parseRequestLog('1 1030 1050\n2 1101 1104\n');
    // The samples straddle the slow request (990 and 1070, so 60 of their 80 ms fall inside it):
    // FACT's main thread ran 40 ms and waited 40 ms between them, PostgreSQL waited 8 ms, steal 8 ms.
    const samples = [sample(990, 0, 0, 0, 0), sample(1070, 40, 40, 8, 8), sample(1105, 43, 40, 8, 8)];
    const pauses = parseGcLog('1040 4 scavenge\n1200 9 mark-compact\n');
    const { slow, all } = explainLatency(timeline, server, samples, pauses, 50);
    expect(slow).toMatchObject({ requests: 1, matched: 1, latencyMs: 60, notSentMs: 4, beforeFactMs: 26, insideFactMs: 20, afterFactMs: 10 });
    expect(slow.factOnCoreMs).toBeCloseTo(30, 5);
    expect(slow.factWaitingForCoreMs).toBeCloseTo(30, 5);
    expect(slow.gcPauseMs).toBeCloseTo(4, 5);
    expect(slow.postgresWaitingForCoreMs).toBeCloseTo(6, 5);
    expect(slow.postgresOnCoreMs).toBeCloseTo(18, 5);
    expect(slow.stealMs).toBeCloseTo(6, 5);
    expect(slow.machineBusyMs).toBeCloseTo(60, 5);
    expect(all.requests).toBe(2);
    expect(all.latencyMs).toBeCloseTo(32.5, 5);
    expect(all.insideFactMs).toBeCloseTo(11.5, 5);
  });

  it('leaves the socket, FACT and the way back out of the means for requests FACT did not log, and old two-field timelines still count', () => {
    const { slow } = explainLatency(
      [
        [1000, 80],
        [2000, 70, 2000, 5],
      ],
      new Map(),
      [],
      [],
      50,
    );
    expect(slow).toMatchObject({ requests: 2, matched: 0, latencyMs: 75, beforeFactMs: 0, insideFactMs: 0, afterFactMs: 0, notSentMs: 0 });
  });

  it('averages the split over the requests in both logs and the rest over all of them', () => {
    // Three slow requests: one in both logs, one FACT did not log, one whose write undici did not report.
    const timeline: [number, number, number | null, number][] = [
      [1000, 60, 1010, 1],
      [2000, 90, 2000, 2],
      [3000, 120, null, 3],
    ];
    const server = parseRequestLog('1 1020 1050\n3 3010 3100\n');
    const { slow } = explainLatency(timeline, server, [], [], 50);
    expect(slow).toMatchObject({ requests: 3, matched: 1, latencyMs: 90, notSentMs: 10, beforeFactMs: 10, insideFactMs: 30, afterFactMs: 10 });
  });
});
