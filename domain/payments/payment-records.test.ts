import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../shared/clock';
import { unwrap } from '../shared/result';
import { bookingInvariantViolations } from '../booking/lifecycle/booking';
import { at, authorised, completed, confirmedAndCaptured, NOW, pendingBooking, RATE_PENCE, STARTS_AT } from '../testing/booking-fixtures';
import { recordAuthorization, recordCapture, recordFailure, recordIntentCreated, recordRefund, recordRelease, recordVoid } from './payment-records';

const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'OK' : r.error?.code);
const TOTAL = RATE_PENCE + 300;
const withIntent = () => unwrap(recordIntentCreated(pendingBooking(), 'pi_1', NOW));

describe('recording payments', () => {
  it('records a new intent and the authorisation of the total', () => {
    const b = unwrap(recordAuthorization(withIntent(), { intentId: 'pi_1', amountPence: TOTAL }, NOW));
    expect(b).toMatchObject({ paymentStatus: 'authorized', paymentIntentId: 'pi_1', amountAuthorizedPence: TOTAL });
  });

  it('refuses an authorisation of another amount or another intent', () => {
    expect(code(recordAuthorization(withIntent(), { intentId: 'pi_1', amountPence: TOTAL - 1 }, NOW))).toBe('PAYMENT_AMOUNT_INVALID');
    expect(code(recordAuthorization(withIntent(), { intentId: 'pi_2', amountPence: TOTAL }, NOW))).toBe('PAYMENT_INTENT_MISMATCH');
  });

  it('refuses a second authorisation', () => {
    const b = authorised(pendingBooking());
    expect(code(recordAuthorization(b, { intentId: 'pi_test_1', amountPence: TOTAL }, NOW))).toBe('PAYMENT_TRANSITION_NOT_ALLOWED');
    expect(code(recordIntentCreated(b, 'pi_9', NOW))).toBe('ALREADY_PAID');
  });

  it('lets a failed attempt be retried with a new intent', () => {
    const failed = unwrap(recordFailure(withIntent(), NOW));
    expect(failed.paymentStatus).toBe('failed');
    const retry = unwrap(recordIntentCreated(failed, 'pi_2', NOW));
    expect(retry).toMatchObject({ paymentStatus: 'pending', paymentIntentId: 'pi_2' });
    expect(code(recordAuthorization(failed, { intentId: 'pi_1', amountPence: TOTAL }, NOW))).toBe('OK');
  });

  it('captures at most what is authorised and holds it until 48 hours after the end', () => {
    const b = authorised(pendingBooking());
    expect(code(recordCapture(b, { amountPence: TOTAL + 1 }, NOW))).toBe('PAYMENT_AMOUNT_INVALID');
    expect(code(recordCapture(b, { amountPence: 0 }, NOW))).toBe('PAYMENT_AMOUNT_INVALID');
    const captured = unwrap(recordCapture(b, { amountPence: TOTAL }, NOW));
    expect(captured).toMatchObject({ paymentStatus: 'captured', amountCapturedPence: TOTAL, paymentHeldUntil: at(STARTS_AT, HOUR_MS + 48 * HOUR_MS) });
    expect(code(recordCapture(withIntent(), { amountPence: 1 }, NOW))).toBe('PAYMENT_AMOUNT_INVALID');
  });

  it('voids a hold or an open intent, but not a capture', () => {
    expect(unwrap(recordVoid(authorised(pendingBooking()), NOW)).paymentStatus).toBe('voided');
    expect(unwrap(recordVoid(withIntent(), NOW)).paymentStatus).toBe('voided');
    expect(code(recordVoid(confirmedAndCaptured(), NOW))).toBe('PAYMENT_TRANSITION_NOT_ALLOWED');
  });

  it('refunds in parts up to what was captured', () => {
    const part = unwrap(recordRefund(confirmedAndCaptured(), { amountPence: 300 }, NOW));
    expect(part).toMatchObject({ paymentStatus: 'partially_refunded', amountRefundedPence: 300 });
    expect(code(recordRefund(part, { amountPence: TOTAL - 299 }, NOW))).toBe('PAYMENT_AMOUNT_INVALID');
    const rest = unwrap(recordRefund(part, { amountPence: TOTAL - 300 }, NOW));
    expect(rest).toMatchObject({ paymentStatus: 'refunded', amountRefundedPence: TOTAL });
    expect(code(recordRefund(authorised(pendingBooking()), { amountPence: 1 }, NOW))).toBe('PAYMENT_TRANSITION_NOT_ALLOWED');
  });

  it('releases what is held on a completed session, but not during a dispute', () => {
    const released = unwrap(recordRelease(completed(), NOW));
    expect(released).toMatchObject({ paymentStatus: 'released', paymentReleasedAt: NOW });
    expect(code(recordRelease(released, NOW))).toBe('PAYMENT_TRANSITION_NOT_ALLOWED');
    expect(code(recordRelease({ ...completed(), status: 'disputed', disputeStatus: 'open' }, NOW))).toBe('PAYMENT_HELD_BY_DISPUTE');
    expect(code(recordRelease(authorised(pendingBooking()), NOW))).toBe('PAYMENT_TRANSITION_NOT_ALLOWED');
  });

  it('refuses a release while a decided refund is still to be paid', () => {
    const b = { ...completed(), disputeStatus: 'resolved' as const, disputeOutcome: 'refund_partial' as const, disputeRefundPence: 1000 };
    expect(code(recordRelease(b, NOW))).toBe('NOTHING_TO_RELEASE');
    expect(code(recordRelease(unwrap(recordRefund(b, { amountPence: 1000 }, NOW)), NOW))).toBe('OK');
  });

  it('keeps the booking invariants', () => {
    const steps = [withIntent(), authorised(pendingBooking()), confirmedAndCaptured(), unwrap(recordRefund(confirmedAndCaptured(), { amountPence: 300 }, NOW))];
    for (const b of steps) expect(bookingInvariantViolations(b)).toEqual([]);
  });
});
