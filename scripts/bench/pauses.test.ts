import { describe, expect, it } from 'vitest';
import { attributePauses, BACKLOG_MS, parseGcLog } from './pauses';

describe('which pauses the slow requests of the half-load run met', () => {
  it('reads gc-log.ts lines and skips blank ones', () => {
    expect(parseGcLog('1000.5 3.20 scavenge\n\n1200.0 14.00 mark-compact\n')).toEqual([
      { startMs: 1000.5, durationMs: 3.2, kind: 'scavenge' },
      { startMs: 1200, durationMs: 14, kind: 'mark-compact' },
    ]);
  });

  it('puts a slow request that overlaps a mark-compact step under the mark-compact, even when a scavenge overlaps it too', () => {
    const pauses = parseGcLog('1010 5 scavenge\n1020 8 incremental-marking\n');
    const report = attributePauses([[1000, 60], [1100, 5]], pauses, 50);
    expect(report).toMatchObject({ slow: 1, markCompact: 1, scavenge: 0, none: 0 });
  });

  it('counts a request that starts within the backlog window after a pause as having met it, and one that starts later as having met none', () => {
    const pauses = parseGcLog('1000 20 scavenge\n');
    const justAfter = 1020 + BACKLOG_MS - 1;
    const wellAfter = 1020 + BACKLOG_MS + 1;
    const report = attributePauses([[justAfter, 70], [wellAfter, 70]], pauses, 50);
    expect(report).toMatchObject({ slow: 2, scavenge: 1, none: 1, markCompact: 0 });
  });

  it('gives the pause time per second of the run and the number of finished mark-compacts, leaving out pauses outside the run', () => {
    const pauses = parseGcLog('500 9 mark-compact\n1000 4 scavenge\n1500 6 incremental-marking\n1600 10 mark-compact\n');
    const timeline: [number, number][] = [[1000, 10], [2990, 10]];
    const report = attributePauses(timeline, pauses, 50);
    expect(report.markCompacts).toBe(1);
    expect(report.pauseMsPerSecond.scavenge).toBeCloseTo(2, 5);
    expect(report.pauseMsPerSecond['mark-compact']).toBeCloseTo(8, 5);
    expect(report.slow).toBe(0);
  });
});
