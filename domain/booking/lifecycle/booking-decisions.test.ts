import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../shared/clock';
import { acceptBooking, cancelBooking, declineBooking, declineBySystem, expireRequest, isRequestExpired, NO_LONGER_AVAILABLE_REASON } from './booking-decisions';
import { admin, at, authorised, client, coach, completed, confirmedAndCaptured, inSession, NOW, pendingBooking, RATE_PENCE, stranger, STARTS_AT, withPatch } from '../../testing/booking-fixtures';
import { MINUTE_MS } from '../../shared/clock';
import { expireUnpaidRequest } from './booking-decisions';
import { hasReachedCoach, isUnpaidRequestExpired, paymentDeadline } from '../requests/paid-requests';

const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'OK' : r.error?.code);

describe('accepting a request', () => {
  it('confirms it and asks to capture the held payment', () => {
    const r = acceptBooking(authorised(pendingBooking()), coach, NOW);
    expect(r.ok && r.value.booking.status).toBe('confirmed');
    expect(r.ok && r.value.effects).toEqual([{ kind: 'capture', amountPence: RATE_PENCE + 300 }]);
    expect(r.ok && r.value.booking.updatedAt).toBe(NOW);
  });

  it('refuses a request whose payment is not authorised, pending, failed or voided (decision 011)', () => {
    for (const paymentStatus of ['pending', 'failed', 'voided'] as const) {
      const r = acceptBooking(withPatch(pendingBooking(), { paymentStatus }), coach, NOW);
      expect(r).toEqual({ ok: false, error: { kind: 'conflict', code: 'BOOKING_NOT_PAID', message: "This request can't be accepted until the client has paid." } });
    }
  });

  it('is the coach’s alone', () => {
    expect(code(acceptBooking(pendingBooking(), client, NOW))).toBe('NOT_BOOKING_COACH');
    expect(code(acceptBooking(pendingBooking(), admin, NOW))).toBe('NOT_BOOKING_COACH');
    const r = acceptBooking(pendingBooking(), stranger, NOW);
    expect(!r.ok && r.error).toMatchObject({ kind: 'not_found', code: 'NOT_BOOKING_PARTY', message: 'Booking not found' });
  });

  it('refuses a booking that is no longer pending', () => {
    const r = acceptBooking(confirmedAndCaptured(), coach, NOW);
    expect(!r.ok && r.error).toMatchObject({ kind: 'conflict', code: 'BOOKING_NOT_PENDING' });
  });

  it('refuses a request whose time has passed', () => {
    expect(code(acceptBooking(authorised(pendingBooking()), coach, STARTS_AT))).toBe('REQUEST_EXPIRED');
  });
});

describe('declining a request', () => {
  it('cancels it as declined by the coach with the reason, and voids the hold', () => {
    const r = declineBooking(authorised(pendingBooking()), coach, { reason: '  Injured  ' }, NOW);
    expect(r.ok && r.value.booking).toMatchObject({ status: 'cancelled', declined: true, cancelledBy: 'coach', cancellationReason: 'Injured', cancelledAt: NOW });
    expect(r.ok && r.value.effects).toEqual([{ kind: 'void' }]);
  });

  it('needs a reason', () => {
    const r = declineBooking(pendingBooking(), coach, { reason: '   ' }, NOW);
    expect(!r.ok && r.error).toMatchObject({ kind: 'invalid', code: 'REASON_REQUIRED', message: 'Please provide a reason for declining.' });
  });

  it('refuses a reason over 500 characters', () => {
    expect(code(declineBooking(pendingBooking(), coach, { reason: 'x'.repeat(501) }, NOW))).toBe('REASON_TOO_LONG');
  });

  it('is the coach’s alone and only while pending', () => {
    expect(code(declineBooking(pendingBooking(), client, { reason: 'x' }, NOW))).toBe('NOT_BOOKING_COACH');
    expect(code(declineBooking(confirmedAndCaptured(), coach, { reason: 'x' }, NOW))).toBe('BOOKING_NOT_PENDING');
  });

  it('asks nothing of the payment when nothing was paid', () => {
    const r = declineBooking(pendingBooking(), coach, { reason: 'x' }, NOW);
    expect(r.ok && r.value.effects).toEqual([]);
  });

  it('cancels an open card attempt', () => {
    const r = declineBooking({ ...pendingBooking(), paymentIntentId: 'pi_1' }, coach, { reason: 'x' }, NOW);
    expect(r.ok && r.value.effects).toEqual([{ kind: 'void' }]);
  });
});

describe('declining on the coach’s behalf', () => {
  it('records the system and the reason', () => {
    const r = declineBySystem(authorised(pendingBooking()), NO_LONGER_AVAILABLE_REASON, NOW);
    expect(r.ok && r.value.booking).toMatchObject({ cancelledBy: 'system', declined: true, cancellationReason: 'The coach is no longer available at this time' });
    expect(r.ok && r.value.effects).toEqual([{ kind: 'void' }]);
  });

  it('expires a request whose start passed unanswered', () => {
    expect(isRequestExpired(pendingBooking(), NOW)).toBe(false);
    expect(isRequestExpired(pendingBooking(), STARTS_AT)).toBe(true);
    expect(expireRequest(pendingBooking(), STARTS_AT).ok).toBe(true);
    expect(code(expireRequest(pendingBooking(), NOW))).toBe('BOOKING_NOT_PENDING');
  });
});

describe('cancelling a booking', () => {
  const reason = { reason: 'Change of plans' };

  it('lets the client cancel a pending request and voids the hold, whatever the time', () => {
    const r = cancelBooking(authorised(pendingBooking()), client, reason, at(STARTS_AT, -HOUR_MS));
    expect(r.ok && r.value.booking).toMatchObject({ status: 'cancelled', cancelledBy: 'client', declined: false });
    expect(r.ok && r.value.effects).toEqual([{ kind: 'void' }]);
  });

  it('gives the client a full refund 24 hours or more before the start', () => {
    const r = cancelBooking(confirmedAndCaptured(), client, reason, at(STARTS_AT, -24 * HOUR_MS));
    expect(r.ok && r.value.effects).toEqual([{ kind: 'void' }]);
  });

  it('refunds only the admin fee when the client cancels later', () => {
    const r = cancelBooking(confirmedAndCaptured(), client, reason, at(STARTS_AT, -24 * HOUR_MS + 1));
    expect(r.ok && r.value.effects).toEqual([{ kind: 'refund', amountPence: 300, reason: 'cancellation' }]);
  });

  it('refuses, and moves nothing, when the refund the client confirmed is no longer the one the policy gives', () => {
    const shown = { ...reason, shownRefundPence: RATE_PENCE + 300 };
    expect(code(cancelBooking(confirmedAndCaptured(), client, shown, at(STARTS_AT, -24 * HOUR_MS)))).toBe('OK');
    const late = cancelBooking(confirmedAndCaptured(), client, shown, at(STARTS_AT, -24 * HOUR_MS + 1));
    expect(!late.ok && late.error).toMatchObject({
      code: 'REFUND_CHANGED',
      kind: 'conflict',
      message: 'The refund has changed since you opened this: it is now £3.00. Check the amounts and confirm again.',
    });
    expect(code(cancelBooking(confirmedAndCaptured(), client, { ...reason, shownRefundPence: 300 }, at(STARTS_AT, -HOUR_MS)))).toBe('OK');
  });

  it('lets the coach cancel a confirmed booking with a full refund', () => {
    const r = cancelBooking(confirmedAndCaptured(), coach, reason, at(STARTS_AT, -HOUR_MS));
    expect(r.ok && r.value.booking.cancelledBy).toBe('coach');
    expect(r.ok && r.value.effects).toEqual([{ kind: 'void' }]);
  });

  it('makes the coach decline rather than cancel a pending request', () => {
    const r = cancelBooking(pendingBooking(), coach, reason, NOW);
    expect(!r.ok && r.error).toMatchObject({ kind: 'conflict', code: 'BOOKING_NOT_CONFIRMED' });
  });

  it('lets an administrator cancel pending or confirmed bookings with a full refund', () => {
    expect(code(cancelBooking(pendingBooking(), admin, reason, NOW))).toBe('OK');
    const r = cancelBooking(confirmedAndCaptured(), admin, reason, at(STARTS_AT, -HOUR_MS));
    expect(r.ok && r.value.booking.cancelledBy).toBe('admin');
    expect(r.ok && r.value.effects).toEqual([{ kind: 'void' }]);
  });

  it('needs a reason', () => {
    const r = cancelBooking(pendingBooking(), client, { reason: '' }, NOW);
    expect(!r.ok && r.error).toMatchObject({ code: 'REASON_REQUIRED', message: 'Please provide a reason for cancelling.', fieldErrors: { reason: ['Please provide a reason for cancelling.'] } });
    expect(code(cancelBooking(pendingBooking(), client, { reason: undefined }, NOW))).toBe('REASON_REQUIRED');
  });

  it('refuses sessions that started, finished or were cancelled', () => {
    expect(code(cancelBooking(inSession(), client, reason, NOW))).toBe('BOOKING_NOT_CANCELLABLE');
    expect(code(cancelBooking(completed(), admin, reason, NOW))).toBe('BOOKING_NOT_CANCELLABLE');
    const cancelled = cancelBooking(pendingBooking(), client, reason, NOW);
    expect(cancelled.ok && code(cancelBooking(cancelled.value.booking, client, reason, NOW))).toBe('BOOKING_NOT_CANCELLABLE');
  });

  it('hides the booking from a stranger', () => {
    expect(code(cancelBooking(pendingBooking(), stranger, reason, NOW))).toBe('NOT_BOOKING_PARTY');
  });
});

describe('an unpaid request (decision 011)', () => {
  it('expires exactly 30 minutes after it was made, not a millisecond earlier', () => {
    const b = pendingBooking();
    expect(paymentDeadline(b)).toEqual(at(NOW, 30 * MINUTE_MS));
    expect(isUnpaidRequestExpired(b, at(NOW, 30 * MINUTE_MS - 1))).toBe(false);
    expect(code(expireUnpaidRequest(b, at(NOW, 30 * MINUTE_MS - 1)))).toBe('BOOKING_NOT_PENDING');
    const r = expireUnpaidRequest(b, at(NOW, 30 * MINUTE_MS));
    expect(r.ok && r.value.booking).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      cancellationReason: 'Payment not completed',
      cancelledAt: at(NOW, 30 * MINUTE_MS),
      declined: false,
    });
    expect(r.ok && r.value.effects).toEqual([]);
  });

  it('voids an intent the client opened, and expires after a failed card as well', () => {
    const opened = withPatch(pendingBooking(), { paymentIntentId: 'pi_1' });
    const r = expireUnpaidRequest(opened, at(NOW, 31 * MINUTE_MS));
    expect(r.ok && r.value.effects).toEqual([{ kind: 'void' }]);
    expect(expireUnpaidRequest(withPatch(opened, { paymentStatus: 'failed' }), at(NOW, 31 * MINUTE_MS)).ok).toBe(true);
  });

  it('never expires once paid, nor once answered', () => {
    expect(isUnpaidRequestExpired(authorised(pendingBooking()), at(NOW, 60 * MINUTE_MS))).toBe(false);
    expect(isUnpaidRequestExpired(confirmedAndCaptured(), at(NOW, 60 * MINUTE_MS))).toBe(false);
  });

  it('has not reached the coach, pending or ended before payment; a paid one has', () => {
    const unpaid = pendingBooking();
    expect(hasReachedCoach(unpaid)).toBe(false);
    const expired = expireUnpaidRequest(unpaid, at(NOW, 30 * MINUTE_MS));
    expect(expired.ok && hasReachedCoach(expired.value.booking)).toBe(false);
    const cancelled = cancelBooking(unpaid, client, { reason: 'No' }, NOW);
    expect(cancelled.ok && hasReachedCoach(cancelled.value.booking)).toBe(false);
    // Still hidden once the intent the client opened is voided (the void of an expiry or a cancellation).
    expect(expired.ok && hasReachedCoach({ ...expired.value.booking, paymentStatus: 'voided' })).toBe(false);
    expect(hasReachedCoach(authorised(unpaid))).toBe(true);
    // A hold that lapsed on a request the coach was shown stays shown (something was authorised).
    expect(hasReachedCoach({ ...authorised(unpaid), paymentStatus: 'voided' })).toBe(true);
    expect(hasReachedCoach(confirmedAndCaptured())).toBe(true);
  });
});
