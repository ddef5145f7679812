import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../shared/clock';
import { unwrap } from '../shared/result';
import type { Booking } from '../booking/lifecycle/booking';
import { at, authorised, completed, confirmedAndCaptured, pendingBooking, RATE_PENCE, STARTS_AT } from '../testing/booking-fixtures';
import { planInstruction } from './instruction-plan';
import { captureInstruction, refundInstruction, releaseInstruction, voidInstruction } from '../booking/money/payment-instruction';
import { recordCapture, recordRefund, recordVoid } from './payment-records';

const TOTAL = RATE_PENCE + 300;
const T = at(STARTS_AT, -HOUR_MS);
const cancelled = (b: Booking): Booking => ({ ...b, status: 'cancelled', cancelledBy: 'client', cancelledAt: T });

describe('planning the gateway call for an instruction', () => {
  it('captures a hold on an accepted booking, once', () => {
    const b = { ...authorised(pendingBooking()), status: 'confirmed' as const };
    expect(planInstruction(b, captureInstruction(TOTAL))).toEqual({ call: 'capture', amountPence: TOTAL });
    expect(planInstruction(unwrap(recordCapture(b, { amountPence: TOTAL }, T)), captureInstruction(TOTAL)).call).toBe('none');
  });

  it('does not capture for a booking cancelled since', () => {
    expect(planInstruction(cancelled(authorised(pendingBooking())), captureInstruction(TOTAL)).call).toBe('none');
  });

  it('voids by cancelling a hold, or by refunding all of a capture that won the race', () => {
    expect(planInstruction(authorised(pendingBooking()), voidInstruction())).toEqual({ call: 'cancel' });
    expect(planInstruction({ ...pendingBooking(), paymentIntentId: 'pi_1' }, voidInstruction())).toEqual({ call: 'cancel' });
    expect(planInstruction(confirmedAndCaptured(), voidInstruction())).toEqual({ call: 'refund', amountPence: TOTAL });
    expect(planInstruction(unwrap(recordVoid(authorised(pendingBooking()), T)), voidInstruction()).call).toBe('none');
    expect(planInstruction(pendingBooking(), voidInstruction()).call).toBe('none');
  });

  it('refunds part of a capture, once', () => {
    const b = cancelled(confirmedAndCaptured());
    expect(planInstruction(b, refundInstruction(300, 'cancellation'))).toEqual({ call: 'refund', amountPence: 300 });
    expect(planInstruction(unwrap(recordRefund(b, { amountPence: 300 }, T)), refundInstruction(300, 'cancellation')).call).toBe('none');
  });

  it('refunds part of a hold by capturing only the rest, once', () => {
    const b = cancelled(authorised(pendingBooking()));
    expect(planInstruction(b, refundInstruction(300, 'cancellation'))).toEqual({ call: 'capture', amountPence: RATE_PENCE });
    expect(planInstruction(unwrap(recordCapture(b, { amountPence: RATE_PENCE }, T)), refundInstruction(300, 'cancellation')).call).toBe('none');
  });

  it('refunds all of a hold by cancelling it', () => {
    expect(planInstruction(authorised(pendingBooking()), refundInstruction(TOTAL, 'dispute'))).toEqual({ call: 'cancel' });
  });

  it('never refunds more than is held', () => {
    const part = unwrap(recordRefund(confirmedAndCaptured(), { amountPence: 5000 }, T));
    expect(planInstruction(part, refundInstruction(TOTAL, 'dispute'))).toEqual({ call: 'refund', amountPence: 300 });
  });

  it('releases only what may be released', () => {
    expect(planInstruction(completed(), releaseInstruction())).toEqual({ call: 'release' });
    expect(planInstruction({ ...completed(), status: 'disputed', disputeStatus: 'open' }, releaseInstruction()).call).toBe('none');
    expect(planInstruction(authorised(pendingBooking()), releaseInstruction()).call).toBe('none');
  });

  it('leaves authorisation to the payment dialog', () => {
    expect(planInstruction(pendingBooking(), { kind: 'authorize', amountPence: TOTAL }).call).toBe('none');
  });
});
