import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../shared/clock';
import { acceptBooking, expireRequest, expiredUnanswered, isRequestExpired } from './booking-decisions';
import { authorised, coach, NOW, pendingBooking } from '../../testing/booking-fixtures';
import { responseDeadline } from '../requests/response-deadline';

/** Decision 050: the coach answers a paid request by the earlier of 6 days after its authorisation and its start. */
const EXPIRED = { kind: 'conflict', code: 'REQUEST_EXPIRED', message: 'This request has expired: the coach did not respond in time.' };
/** Authorised at NOW for a session three weeks on: the deadline is NOW + 6 days. */
const farRequest = () => authorised(pendingBooking({ startsAt: new Date(NOW.getTime() + 21 * DAY_MS) }));
const after = (ms: number) => new Date(NOW.getTime() + ms);

describe('the response deadline of a paid request', () => {
  it('records when the hold was authorised', () => {
    expect(farRequest().authorizedAt).toEqual(NOW);
  });

  it('lets the coach accept a minute before the 6 days are over', () => {
    const r = acceptBooking(farRequest(), coach, after(6 * DAY_MS - MINUTE_MS));
    expect(r.ok && r.value.booking.status).toBe('confirmed');
  });

  it('refuses an accept from the 6 days on with a clear message, before any job has expired it', () => {
    expect(acceptBooking(farRequest(), coach, after(6 * DAY_MS))).toEqual({ ok: false, error: EXPIRED });
    expect(acceptBooking(farRequest(), coach, after(6 * DAY_MS + 3 * DAY_MS))).toEqual({ ok: false, error: EXPIRED });
  });

  it('refuses an accept of a request the system already expired with the same message', () => {
    const expired = expireRequest(farRequest(), after(6 * DAY_MS));
    expect(expired.ok && expiredUnanswered(expired.value.booking)).toBe(true);
    expect(expired.ok && acceptBooking(expired.value.booking, coach, after(6 * DAY_MS + MINUTE_MS))).toEqual({ ok: false, error: EXPIRED });
  });

  it('expires it as declined by the system, voiding the hold, in words both sides understand', () => {
    expect(isRequestExpired(farRequest(), after(6 * DAY_MS - MINUTE_MS))).toBe(false);
    const r = expireRequest(farRequest(), after(6 * DAY_MS));
    expect(r.ok && r.value.booking).toMatchObject({ status: 'cancelled', cancelledBy: 'system', declined: true, cancellationReason: 'The coach did not respond in time' });
    expect(r.ok && r.value.effects).toEqual([{ kind: 'void' }]);
  });

  it('never lets an accept through at or after the deadline, and always before it while pending and paid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 90 * 24 * 60 }), fc.integer({ min: 0, max: 100 * 24 * 60 }), (startsInMinutes, answerAfterMinutes) => {
        const request = authorised(pendingBooking({ startsAt: after(startsInMinutes * MINUTE_MS) }));
        const now = after(answerAfterMinutes * MINUTE_MS);
        const accepted = acceptBooking(request, coach, now).ok;
        expect(accepted).toBe(now.getTime() < responseDeadline(request).getTime());
        expect(isRequestExpired(request, now)).toBe(!accepted);
      }),
    );
  });
});
