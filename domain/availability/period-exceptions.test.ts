import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysToIsoDate, londonToUtc, utcToLondon } from '../shared/london-time';
import { exceptionsFromPeriods, type PeriodForSchedule } from './period-exceptions';

const at = (date: string, time: string) => londonToUtc(date, time)!;
const period = (over: Partial<PeriodForSchedule>): PeriodForSchedule => ({
  startsAt: at('2026-12-03', '17:00'),
  endsAt: at('2027-01-31', '20:00'),
  isAvailable: true,
  locationOverride: null,
  dailyStart: null,
  dailyEnd: null,
  ...over,
});

describe('SPEC availability periods as exceptions', () => {
  it('makes an available period without daily times one added block', () => {
    expect(exceptionsFromPeriods([period({ locationOverride: 'Park' })])).toEqual([{ kind: 'added', startsAt: at('2026-12-03', '17:00'), endsAt: at('2027-01-31', '20:00'), location: 'Park' }]);
  });

  it('makes a not-available period without daily times one blocked span', () => {
    expect(exceptionsFromPeriods([period({ isAvailable: false })])).toEqual([{ kind: 'blocked', startsAt: at('2026-12-03', '17:00'), endsAt: at('2027-01-31', '20:00') }]);
  });

  it('makes an available period with daily times those hours on every date it covers', () => {
    expect(exceptionsFromPeriods([period({ dailyStart: '17:00', dailyEnd: '20:00', locationOverride: 'Hall' })])).toEqual([
      { kind: 'hours', fromDate: '2026-12-03', toDate: '2027-01-31', start: '17:00', end: '20:00', location: 'Hall' },
    ]);
  });

  it('makes a not-available period with daily times one blocked span a date', () => {
    const blocks = exceptionsFromPeriods([period({ isAvailable: false, startsAt: at('2026-12-21', '09:00'), endsAt: at('2026-12-23', '12:00'), dailyStart: '09:00', dailyEnd: '12:00' })]);
    expect(blocks).toEqual(['2026-12-21', '2026-12-22', '2026-12-23'].map((d) => ({ kind: 'blocked', startsAt: at(d, '09:00'), endsAt: at(d, '12:00') })));
  });

  it('ends a period at midnight on the date before', () => {
    const [hours] = exceptionsFromPeriods([period({ startsAt: at('2026-12-21', '00:00'), endsAt: at('2026-12-28', '00:00'), dailyStart: '10:00', dailyEnd: '12:00' })]);
    expect(hours).toMatchObject({ fromDate: '2026-12-21', toDate: '2026-12-27' });
  });

  it('blocks the real hours of a date when the clocks change, for any daily times', () => {
    fc.assert(
      fc.property(fc.constantFrom('2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31'), fc.integer({ min: 0, max: 22 }), fc.integer({ min: 1, max: 6 }), (date, startHour, hours) => {
        const dailyStart = `${String(startHour).padStart(2, '0')}:00`;
        const endHour = Math.min(23, startHour + hours);
        const dailyEnd = `${String(endHour).padStart(2, '0')}:30`;
        const from = addDaysToIsoDate(date, -1);
        const to = addDaysToIsoDate(date, 1);
        const blocks = exceptionsFromPeriods([period({ isAvailable: false, startsAt: at(from, '00:00'), endsAt: at(addDaysToIsoDate(to, 1), '00:00'), dailyStart, dailyEnd })]);
        expect(blocks).toHaveLength(3);
        for (const b of blocks) {
          if (b.kind !== 'blocked') throw new Error('expected a blocked span');
          expect(b.endsAt.getTime()).toBeGreaterThan(b.startsAt.getTime());
          expect(utcToLondon(b.startsAt).date).toBe(utcToLondon(new Date(b.endsAt.getTime() - 1)).date);
        }
      }),
    );
  });
});
