import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysToIsoDate, londonToUtc, utcToLondon } from '../shared/london-time';
import { clockOf } from './clock-times';
import { findOverlappingPeriod, periodsOverlap } from './period-overlap';
import { describeDates, describeKind, describePeriod } from './period-labels';

const midnight = (date: string) => londonToUtc(date, '00:00')!;
/** Whole London days first…last, with optional daily times. */
const days = (first: string, last: string, daily: [string, string] | null = null, id = first) => ({
  id,
  startsAt: midnight(first),
  endsAt: midnight(addDaysToIsoDate(last, 1)),
  dailyStart: daily?.[0] ?? null,
  dailyEnd: daily?.[1] ?? null,
  isAvailable: daily !== null,
});
const block = (from: string, to: string, id = from) => ({ id, startsAt: new Date(from), endsAt: new Date(to), dailyStart: null, dailyEnd: null, isAvailable: true });

describe('overlapping periods', () => {
  it('overlap when their days meet, and not when one ends where the other starts', () => {
    expect(periodsOverlap(days('2026-12-21', '2026-12-27'), days('2026-12-27', '2026-12-28'))).toBe(true);
    expect(periodsOverlap(days('2026-12-21', '2026-12-27'), days('2026-12-28', '2026-12-31'))).toBe(false);
  });

  it('with daily times on both, overlap only when the hours meet on a shared date', () => {
    expect(periodsOverlap(days('2026-12-21', '2026-12-27', ['09:00', '12:00']), days('2026-12-24', '2026-12-24', ['11:00', '13:00']))).toBe(true);
    expect(periodsOverlap(days('2026-12-21', '2026-12-27', ['09:00', '12:00']), days('2026-12-24', '2026-12-24', ['12:00', '13:00']))).toBe(false);
    expect(periodsOverlap(days('2026-12-21', '2026-12-23', ['09:00', '12:00']), days('2026-12-24', '2026-12-24', ['09:00', '12:00']))).toBe(false);
  });

  it('compare daily hours with a continuous block date by date, in London time across the clock change', () => {
    // 29 March 2026: London moves to BST, so 09:00 London is 08:00 UTC.
    const mornings = days('2026-03-28', '2026-03-30', ['09:00', '10:00']);
    expect(periodsOverlap(mornings, block('2026-03-29T08:30:00Z', '2026-03-29T08:45:00Z'))).toBe(true);
    expect(periodsOverlap(mornings, block('2026-03-29T09:00:00Z', '2026-03-29T12:00:00Z'))).toBe(false);
    expect(periodsOverlap(block('2026-03-28T09:30:00Z', '2026-03-28T09:45:00Z'), mornings)).toBe(true);
  });

  it('is symmetric and agrees with a minute-by-minute check', () => {
    const base = '2026-10-20';
    const period = fc.record({
      first: fc.integer({ min: 0, max: 8 }),
      length: fc.integer({ min: 0, max: 4 }),
      daily: fc.option(fc.tuple(fc.integer({ min: 0, max: 94 }), fc.integer({ min: 1, max: 95 })).filter(([a, b]) => a < b)),
    });
    const build = (p: { first: number; length: number; daily: [number, number] | null }, id: string) =>
      days(addDaysToIsoDate(base, p.first), addDaysToIsoDate(base, p.first + p.length), p.daily ? [clockOf(p.daily[0] * 15), clockOf(p.daily[1] * 15)] : null, id);
    const covers = (p: ReturnType<typeof build>, t: number) => {
      if (t < p.startsAt.getTime() || t >= p.endsAt.getTime()) return false;
      if (!p.dailyStart || !p.dailyEnd) return true;
      const wall = utcToLondon(new Date(t)).time;
      return wall >= p.dailyStart && wall < p.dailyEnd;
    };
    fc.assert(
      fc.property(period, period, (x, y) => {
        const [a, b] = [build(x, 'a'), build(y, 'b')];
        let brute = false;
        for (let t = midnight(base).getTime(); t < midnight(addDaysToIsoDate(base, 14)).getTime() && !brute; t += 15 * 60_000) brute = covers(a, t) && covers(b, t);
        expect(periodsOverlap(a, b)).toBe(brute);
        expect(periodsOverlap(b, a)).toBe(brute);
      }),
      { numRuns: 150 },
    );
  });

  it('finds the first other period overlapped, never the period itself', () => {
    const holiday = days('2026-12-21', '2026-12-27', null, 'holiday');
    expect(findOverlappingPeriod(holiday, [holiday])).toBeNull();
    expect(findOverlappingPeriod({ ...days('2026-12-24', '2026-12-24'), id: 'new' }, [days('2026-12-01', '2026-12-02'), holiday])?.id).toBe('holiday');
  });
});

describe('period labels', () => {
  it('name the dates compactly, the year once when both ends share it', () => {
    expect(describeDates(days('2026-12-21', '2026-12-27'))).toBe('Mon 21 Dec – Sun 27 Dec 2026');
    expect(describeDates(days('2026-12-24', '2026-12-24'))).toBe('Thu 24 Dec 2026');
    expect(describeDates(days('2026-12-28', '2027-01-03'))).toBe('Mon 28 Dec 2026 – Sun 3 Jan 2027');
    expect(describeDates(block('2026-12-03T17:00:00Z', '2027-01-31T20:00:00Z'))).toBe('Thu 3 Dec 2026 17:00 – Sun 31 Jan 2027 20:00');
    expect(describeDates(block('2026-07-03T08:00:00Z', '2026-07-03T11:00:00Z'))).toBe('Fri 3 Jul 2026 09:00–12:00');
  });

  it('say what kind of exception it is', () => {
    expect(describeKind({ ...days('2026-12-21', '2026-12-27'), isAvailable: false })).toBe('Off');
    expect(describeKind(days('2026-12-24', '2026-12-24', ['09:00', '12:00']))).toBe('Hours 09:00–12:00');
    expect(describeKind({ ...days('2026-12-24', '2026-12-24', ['14:00', '16:00']), isAvailable: false })).toBe('Off 14:00–16:00');
    expect(describePeriod({ ...days('2026-12-21', '2026-12-27'), isAvailable: false })).toBe('time off Mon 21 Dec – Sun 27 Dec 2026');
    expect(describePeriod(days('2026-12-24', '2026-12-24', ['09:00', '12:00']))).toBe('hours 09:00–12:00 on Thu 24 Dec 2026');
  });
});
