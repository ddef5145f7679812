import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../shared/clock';
import { unwrap } from '../../shared/result';
import type { Booking } from '../lifecycle/booking';
import { at, authorised, completed, confirmedAndCaptured, pendingBooking, RATE_PENCE, STARTS_AT } from '../../testing/booking-fixtures';
import { givenBackPence, hasOutstandingRefund, heldPence, isReleaseDue, paymentHeldUntilFor } from './payment-hold';
import { recordCapture, recordRefund, recordVoid } from '../../payments/payment-records';

const END = at(STARTS_AT, HOUR_MS);
const HOLD_ENDS = at(END, 48 * HOUR_MS);
const TOTAL = RATE_PENCE + 300;
const lateCancelled = (b: Booking): Booking => ({ ...b, status: 'cancelled', cancelledBy: 'client', cancelledAt: at(STARTS_AT, -HOUR_MS) });

describe('the payment hold', () => {
  it('ends 48 hours after the scheduled end', () => {
    expect(paymentHeldUntilFor(pendingBooking())).toEqual(HOLD_ENDS);
  });

  it('is due for release on a completed session once the hold has ended', () => {
    expect(isReleaseDue(completed(), at(HOLD_ENDS, -1))).toBe(false);
    expect(isReleaseDue(completed(), HOLD_ENDS)).toBe(true);
  });

  it('is never due for a session not completed, a dispute, or nothing held', () => {
    expect(isReleaseDue(confirmedAndCaptured(), HOLD_ENDS)).toBe(false);
    expect(isReleaseDue({ ...completed(), status: 'disputed', disputeStatus: 'open' }, HOLD_ENDS)).toBe(false);
    expect(isReleaseDue({ ...completed(authorised(pendingBooking())) }, HOLD_ENDS)).toBe(false);
  });

  it('is due on a late client cancellation only once the fee went back', () => {
    const captured = lateCancelled(confirmedAndCaptured());
    expect(hasOutstandingRefund(captured)).toBe(true);
    expect(isReleaseDue(captured, HOLD_ENDS)).toBe(false);
    const refunded = unwrap(recordRefund(captured, { amountPence: 300 }, HOLD_ENDS));
    expect(isReleaseDue(refunded, HOLD_ENDS)).toBe(true);
    expect(heldPence(refunded)).toBe(RATE_PENCE);
  });

  it('counts a partial capture as giving back the uncaptured rest', () => {
    const partly = unwrap(recordCapture(lateCancelled(authorised(pendingBooking())), { amountPence: RATE_PENCE }, HOLD_ENDS));
    expect(givenBackPence(partly)).toBe(300);
    expect(isReleaseDue(partly, HOLD_ENDS)).toBe(true);
  });

  it('counts a void as giving everything back', () => {
    expect(givenBackPence(unwrap(recordVoid(authorised(pendingBooking()), HOLD_ENDS)))).toBe(TOTAL);
    expect(givenBackPence(pendingBooking())).toBe(0);
  });

  it('waits for a decided dispute refund before releasing the rest', () => {
    const decided: Booking = { ...completed(), disputeStatus: 'resolved', disputeOutcome: 'refund_partial', disputeRefundPence: 2000 };
    expect(isReleaseDue(decided, HOLD_ENDS)).toBe(false);
    expect(isReleaseDue(unwrap(recordRefund(decided, { amountPence: 2000 }, HOLD_ENDS)), HOLD_ENDS)).toBe(true);
  });
});
