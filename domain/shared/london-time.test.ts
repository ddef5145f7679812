import { describe, expect, it } from 'vitest';
import { londonToUtc, utcToLondon } from './london-time';

describe('London wall-clock time', () => {
  it('turns every half hour of 2026 and 2027 back into the same London date and time, across both clock changes', () => {
    const start = Date.UTC(2026, 0, 1);
    const end = Date.UTC(2028, 0, 1);
    for (let t = start; t < end; t += 30 * 60_000) {
      const wall = utcToLondon(new Date(t));
      const back = londonToUtc(wall.date, wall.time);
      expect(back && utcToLondon(back), `${new Date(t).toISOString()} → ${wall.date} ${wall.time}`).toEqual(wall);
    }
  });

  it('knows the offsets on each side of the March and October changes', () => {
    expect(londonToUtc('2026-03-28', '09:00')?.toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(londonToUtc('2026-03-29', '09:00')?.toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(londonToUtc('2026-10-24', '09:00')?.toISOString()).toBe('2026-10-24T08:00:00.000Z');
    expect(londonToUtc('2026-10-25', '09:00')?.toISOString()).toBe('2026-10-25T09:00:00.000Z');
    expect(londonToUtc('2026-02-30', '09:00')).toBeNull();
  });
});
