import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLondonDate, formatLondonTime, londonDayNumber, londonToUtc, utcToLondon } from './london-time';

const intlDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const intlTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

describe('London dates and times shown on pages', () => {
  it('writes any instant from 1970 to 2100 exactly as Intl would, date and time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), (ms) => {
        const instant = new Date(ms);
        expect(formatLondonDate(instant)).toBe(intlDate.format(instant));
        expect(formatLondonTime(instant)).toBe(intlTime.format(instant));
      }),
      { numRuns: 3000 },
    );
  });

  it('writes the minutes around both 2026 clock changes and every month’s name as Intl does', () => {
    for (const around of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)])
      for (let ms = around - 3 * 3_600_000; ms <= around + 3 * 3_600_000; ms += 60_000) {
        expect(formatLondonDate(new Date(ms))).toBe(intlDate.format(new Date(ms)));
        expect(formatLondonTime(new Date(ms))).toBe(intlTime.format(new Date(ms)));
      }
    for (let m = 0; m < 12; m += 1) expect(formatLondonDate(new Date(Date.UTC(2026, m, 3, 23, 30)))).toBe(intlDate.format(new Date(Date.UTC(2026, m, 3, 23, 30))));
    expect(formatLondonDate(new Date(Date.UTC(2026, 10, 21, 9)))).toMatch(/^Sat,? 21 Nov 2026$/);
  });

  it('still refuses an invalid date as Intl does', () => {
    expect(() => formatLondonTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatLondonDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

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

describe('the London day number', () => {
  it('is equal for two instants exactly when their London dates are, across both clock changes', () => {
    const from = Date.UTC(2026, 2, 27);
    const instants = Array.from({ length: 24 * 8 * 4 }, (_, i) => new Date(from + i * 15 * 60_000)).concat(
      Array.from({ length: 24 * 8 * 4 }, (_, i) => new Date(Date.UTC(2026, 9, 23) + i * 15 * 60_000)),
    );
    for (let i = 1; i < instants.length; i++) {
      const [a, b] = [instants[i - 1]!, instants[i]!];
      expect(londonDayNumber(a) === londonDayNumber(b), a.toISOString()).toBe(utcToLondon(a).date === utcToLondon(b).date);
      expect(londonDayNumber(b) === londonDayNumber(instants[0]!)).toBe(utcToLondon(b).date === utcToLondon(instants[0]!).date);
    }
  });
});
