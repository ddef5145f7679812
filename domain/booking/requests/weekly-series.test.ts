import { describe, expect, it } from 'vitest';
import { seriesStarts } from './weekly-series';

describe('a weekly series', () => {
  it('keeps its London hour over the change of the clocks', () => {
    // Saturday 21 March 2026, 10:00 GMT; the clocks go forward on Sunday 29 March.
    const starts = seriesStarts(new Date('2026-03-21T10:00:00Z'), 3);
    expect(starts.map((d) => d.toISOString())).toEqual(['2026-03-21T10:00:00.000Z', '2026-03-28T10:00:00.000Z', '2026-04-04T09:00:00.000Z']);
  });

  it('runs 2 to 12 weeks', () => {
    expect(() => seriesStarts(new Date('2026-03-21T10:00:00Z'), 1)).toThrow(RangeError);
    expect(() => seriesStarts(new Date('2026-03-21T10:00:00Z'), 13)).toThrow(RangeError);
    expect(seriesStarts(new Date('2026-03-21T10:00:00Z'), 12)).toHaveLength(12);
  });
});
