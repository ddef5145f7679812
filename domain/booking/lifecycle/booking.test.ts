import { describe, expect, it } from 'vitest';
import { bookingInvariantViolations, endsAt, parseBooking } from './booking';
import { completed, confirmedAndCaptured, pendingBooking, STARTS_AT } from '../../testing/booking-fixtures';

/** What a row looks like after JSON (dates as ISO strings). */
const asStored = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe('the booking aggregate', () => {
  it('ends its duration after its start', () => {
    expect(endsAt(pendingBooking({ durationMinutes: 90 })).toISOString()).toBe(new Date(STARTS_AT.getTime() + 90 * 60_000).toISOString());
  });

  it('re-validates a stored booking and gives back the same data with dates', () => {
    const booking = completed();
    const parsed = parseBooking(asStored(booking));
    expect(parsed.ok && parsed.value).toEqual(booking);
    expect(parsed.ok && parsed.value.startsAt).toBeInstanceOf(Date);
  });

  it('accepts Date objects as a repository hands them over', () => {
    const booking = confirmedAndCaptured();
    expect(parseBooking(booking)).toEqual({ ok: true, value: booking });
  });

  it('refuses a stored booking with an unknown status', () => {
    const result = parseBooking({ ...asStored(pendingBooking()), status: 'archived' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('BOOKING_DATA_INVALID');
  });

  it('refuses a stored booking whose total is not price plus fee', () => {
    const result = parseBooking({ ...asStored(pendingBooking()), totalPricePence: 9999 });
    expect(!result.ok && result.error.message).toContain('total must equal price plus fee');
  });

  it('refuses a stored booking that refunded more than it captured', () => {
    const b = confirmedAndCaptured();
    expect(parseBooking({ ...b, amountRefundedPence: b.amountCapturedPence + 1 }).ok).toBe(false);
  });

  it('refuses a stored booking with a malformed reference or id', () => {
    expect(parseBooking({ ...pendingBooking(), referenceCode: 'FACT-1-A' }).ok).toBe(false);
    expect(parseBooking({ ...pendingBooking(), clientId: 'nope' }).ok).toBe(false);
  });

  it('refuses an invalid date', () => {
    expect(parseBooking({ ...asStored(pendingBooking()), startsAt: 'not a date' }).ok).toBe(false);
  });

  it('lists no invariant violations for a fresh booking and names each broken one', () => {
    expect(bookingInvariantViolations(pendingBooking())).toEqual([]);
    expect(bookingInvariantViolations({ ...pendingBooking(), status: 'cancelled' })).toEqual(['a cancelled booking records who and when']);
    expect(bookingInvariantViolations({ ...pendingBooking(), status: 'disputed' })).toContain('a disputed booking has an open dispute');
  });
});
