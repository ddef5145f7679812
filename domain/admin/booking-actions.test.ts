import { describe, expect, it } from 'vitest';
import { bookingActionsMoney, cancelAudit, resolveDisputeAudit, retryPayoutAudit, type ActionableBooking } from './booking-actions';

const NOW = new Date('2026-12-02T14:00:00Z');
const base: ActionableBooking = {
  id: '11111111-1111-4111-8111-111111111111',
  referenceCode: 'FACT-ABCD-1234',
  status: 'confirmed',
  paymentStatus: 'captured',
  disputeStatus: null,
  // Within 24 hours: a client cancelling now would get only the admin fee back.
  startsAt: '2026-12-02T20:00:00Z',
  servicePricePence: 5000,
  adminFeePence: 300,
  totalPricePence: 5300,
  amountAuthorizedPence: 5300,
  amountCapturedPence: 5300,
  amountRefundedPence: 0,
  transfer: null,
};

describe('what an administrator’s booking actions would move', () => {
  it('refunds a captured booking in full when an administrator cancels, even inside the 24 hours', () => {
    expect(bookingActionsMoney(base, NOW).cancel).toEqual({ paidPence: 5300, heldOnly: false, refundPence: 5300 });
  });

  it('releases the card hold of a request that was only authorised', () => {
    expect(bookingActionsMoney({ ...base, status: 'pending', paymentStatus: 'authorized', amountCapturedPence: 0 }, NOW).cancel).toEqual({ paidPence: 5300, heldOnly: true, refundPence: 5300 });
  });

  it('moves nothing when cancelling a request that was never paid', () => {
    expect(bookingActionsMoney({ ...base, status: 'pending', paymentStatus: 'pending', amountAuthorizedPence: 0, amountCapturedPence: 0 }, NOW).cancel).toEqual({
      paidPence: 0,
      heldOnly: false,
      refundPence: 0,
    });
  });

  it('offers no cancellation once the session is under way, completed or cancelled', () => {
    for (const status of ['in_session', 'completed', 'cancelled', 'disputed'] as const) expect(bookingActionsMoney({ ...base, status }, NOW).cancel).toBeNull();
  });

  it('offers the dispute decision only on an open dispute, with what is still refundable and held', () => {
    const disputed = { ...base, status: 'disputed' as const, disputeStatus: 'open', paymentStatus: 'partially_refunded', amountRefundedPence: 300 };
    expect(bookingActionsMoney(disputed, NOW).resolveDispute).toEqual({ refundablePence: 5000, heldPence: 5000 });
    expect(bookingActionsMoney({ ...disputed, status: 'completed', disputeStatus: 'resolved' }, NOW).resolveDispute).toBeNull();
    expect(bookingActionsMoney(base, NOW).resolveDispute).toBeNull();
  });

  it('offers a retry of a failed payout as the next attempt, and of a waiting one as the same attempt', () => {
    const transfer = { status: 'failed', coachSharePence: 5000, attempt: 1, lastError: 'Payouts are disabled on this account' };
    const released = { ...base, status: 'completed' as const, paymentStatus: 'released' };
    expect(bookingActionsMoney({ ...released, transfer }, NOW).retryPayout).toEqual({ coachSharePence: 5000, status: 'failed', nextAttempt: 2, lastError: 'Payouts are disabled on this account' });
    expect(bookingActionsMoney({ ...released, transfer: { ...transfer, status: 'waiting', lastError: null } }, NOW).retryPayout).toMatchObject({ status: 'waiting', nextAttempt: 1 });
    for (const status of ['pending', 'paid', 'reversed', 'not_required']) expect(bookingActionsMoney({ ...released, transfer: { ...transfer, status } }, NOW).retryPayout).toBeNull();
  });

  it('offers nothing for a payment state it does not know', () => {
    expect(bookingActionsMoney({ ...base, paymentStatus: 'mystery' }, NOW)).toEqual({ cancel: null, resolveDispute: null, retryPayout: null });
  });
});

describe('the audit lines of the booking actions, one for the web and the CLI', () => {
  it('names the booking by its reference and keeps what was decided', () => {
    expect(cancelAudit(base, 'Coach injured')).toEqual({ action: 'booking.cancel', targetType: 'booking', targetId: base.id, details: { reference: 'FACT-ABCD-1234', reason: 'Coach injured' } });
    expect(resolveDisputeAudit(base, { outcome: 'refund_partial', refundPence: 1050, note: null })).toEqual({
      action: 'dispute.resolve',
      targetType: 'booking',
      targetId: base.id,
      details: { reference: 'FACT-ABCD-1234', outcome: 'refund_partial', refundPence: 1050, note: null },
    });
    expect(retryPayoutAudit({ ...base, transfer: { status: 'failed' } })).toMatchObject({ action: 'payout.retry', details: { reference: 'FACT-ABCD-1234', previousState: 'failed' } });
  });
});
