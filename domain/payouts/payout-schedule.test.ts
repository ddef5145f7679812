import { describe, expect, it } from 'vitest';
import { expectedPayoutOf, londonDayStart, nextPayoutRun } from './payout-schedule';

describe('the daily payout schedule (06:00 London)', () => {
  it('pays money transferred today out at 06:00 tomorrow, in winter (GMT) and summer (BST)', () => {
    expect(expectedPayoutOf(new Date('2026-11-25T15:00:00Z'), new Date('2026-11-25T15:00:00Z')).toISOString()).toBe('2026-11-26T06:00:00.000Z');
    expect(expectedPayoutOf(new Date('2026-07-01T15:00:00Z'), new Date('2026-07-01T15:00:00Z')).toISOString()).toBe('2026-07-02T05:00:00.000Z');
  });

  it('treats 23:30 UTC on a summer evening as the next London day', () => {
    expect(expectedPayoutOf(new Date('2026-07-01T23:30:00Z'), new Date('2026-07-01T23:30:00Z')).toISOString()).toBe('2026-07-03T05:00:00.000Z');
  });

  it('crosses the October clock change: transferred on Saturday, paid out on Sunday at 06:00 GMT', () => {
    expect(expectedPayoutOf(new Date('2026-10-24T12:00:00Z'), new Date('2026-10-24T12:00:00Z')).toISOString()).toBe('2026-10-25T06:00:00.000Z');
  });

  it('says the next run when the expected one has already passed', () => {
    expect(expectedPayoutOf(new Date('2026-11-20T12:00:00Z'), new Date('2026-11-25T09:00:00Z')).toISOString()).toBe('2026-11-26T06:00:00.000Z');
    expect(nextPayoutRun(new Date('2026-11-25T05:59:00Z')).toISOString()).toBe('2026-11-25T06:00:00.000Z');
  });

  it('starts the London day at midnight London time', () => {
    expect(londonDayStart(new Date('2026-07-01T23:30:00Z')).toISOString()).toBe('2026-07-01T23:00:00.000Z');
    expect(londonDayStart(new Date('2026-11-25T12:00:00Z')).toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });
});
