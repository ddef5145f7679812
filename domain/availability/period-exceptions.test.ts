import { describe, expect, it } from 'vitest';
import { exceptionsOf } from './period-exceptions';

const at = (iso: string) => new Date(iso);
const period = (over: Partial<Parameters<typeof exceptionsOf>[0][number]>) => ({
  startsAt: at('2026-12-21T00:00:00Z'),
  endsAt: at('2026-12-28T00:00:00Z'),
  dailyStart: null,
  dailyEnd: null,
  isAvailable: false,
  locationOverride: null,
  ...over,
});

describe('the slot engine’s exceptions of availability periods', () => {
  it('keep a period without daily times as one block, added or blocked', () => {
    expect(exceptionsOf([period({})])).toEqual([{ kind: 'blocked', startsAt: at('2026-12-21T00:00:00Z'), endsAt: at('2026-12-28T00:00:00Z') }]);
    expect(exceptionsOf([period({ isAvailable: true, locationOverride: 'Park' })])).toEqual([
      { kind: 'added', startsAt: at('2026-12-21T00:00:00Z'), endsAt: at('2026-12-28T00:00:00Z'), location: 'Park' },
    ]);
  });

  it('make an available period with daily times the hours of its dates', () => {
    expect(exceptionsOf([period({ isAvailable: true, dailyStart: '09:00', dailyEnd: '12:00' })])).toEqual([
      { kind: 'hours', fromDate: '2026-12-21', toDate: '2026-12-27', start: '09:00', end: '12:00', location: null },
    ]);
  });

  it('block the daily hours of a not-available period on each of its dates, in London time across the clock change', () => {
    const spring = exceptionsOf([period({ startsAt: at('2026-03-28T00:00:00Z'), endsAt: at('2026-03-29T23:00:00Z'), dailyStart: '14:00', dailyEnd: '16:00' })]);
    expect(spring).toEqual([
      { kind: 'blocked', startsAt: at('2026-03-28T14:00:00Z'), endsAt: at('2026-03-28T16:00:00Z') },
      { kind: 'blocked', startsAt: at('2026-03-29T13:00:00Z'), endsAt: at('2026-03-29T15:00:00Z') },
    ]);
  });
});
