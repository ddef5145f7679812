import type { Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import { coachShareOf } from '../coach-share';
import { isSendable, markWaiting, reversiblePence, newTransfer, recordTransferFailed, recordTransferred, transferIdempotencyKey, type CoachTransfer } from '../coach-transfer';
import { isChargebackOpen } from '../chargeback';
import { queueTransferReversal } from '../payout-jobs';
import { fromPayoutGatewayError, type PayoutUseCaseDeps } from './payout-deps';

type Prepared =
  | { readonly outcome: Exclude<TransferOutcome, 'transferred' | 'failed'>; readonly transfer: CoachTransfer | null }
  | { readonly outcome: 'send'; readonly transfer: CoachTransfer; readonly accountId: string; readonly intentId: string; readonly reference: string };

export interface TransferResult {
  readonly outcome: TransferOutcome;
  readonly transfer: CoachTransfer | null;
}

export type TransferOutcome = 'transferred' | 'waiting' | 'not_required' | 'already_done' | 'not_released' | 'failed' | 'held_by_chargeback';

/**
 * The outbox handler of 'payout.transfer' (decision 012): once a booking's money is released,
 * records the split (coach share, platform share) and transfers the coach's share to their
 * connected account with the booking's charge as source and its reference as transfer group.
 * A coach without payouts enabled waits (sent when they are). A retryable gateway failure comes
 * back as an error (the worker retries with the same idempotency key); a refusal marks it failed
 * for an operator.
 */
export async function transferCoachShare(deps: PayoutUseCaseDeps, input: { bookingId: Id }): Promise<Result<TransferResult>> {
  const now = deps.clock.now();
  const prepared = await deps.uow.transaction(async (tx): Promise<Result<Prepared>> => {
    const booking = await tx.bookings.findById(input.bookingId);
    // A session from a package was paid with its purchase: the purchase's charge is the transfer's source.
    const intentId = booking && (booking.paymentIntentId ?? (await tx.packageSessions.paymentIntentOf(tx, booking)));
    if (!booking || booking.paymentStatus !== 'released' || !intentId) return ok({ outcome: 'not_released' as const, transfer: null });
    let transfer = await tx.coachTransfers.findByBookingForUpdate(booking.id);
    if (transfer === null) {
      const share = coachShareOf(booking, deps.payoutPolicy.commissionBps);
      transfer = await tx.coachTransfers.save(
        newTransfer({ bookingId: booking.id, coachId: booking.coachId, share, commissionBps: deps.payoutPolicy.commissionBps, releasedAt: booking.paymentReleasedAt ?? now, now }),
      );
    }
    if (transfer.status === 'not_required') return ok({ outcome: 'not_required' as const, transfer });
    if (!isSendable(transfer)) return ok({ outcome: 'already_done' as const, transfer });
    if ((await tx.chargebacks.listForBooking(booking.id)).some(isChargebackOpen)) return ok({ outcome: 'held_by_chargeback' as const, transfer });
    const account = await tx.payoutAccounts.findByCoach(booking.coachId);
    if (!account || !account.payoutsEnabled) return ok({ outcome: 'waiting' as const, transfer: await tx.coachTransfers.save(markWaiting(transfer, now)) });
    return ok({ outcome: 'send' as const, transfer, accountId: account.accountId, intentId, reference: booking.referenceCode });
  });
  if (!prepared.ok) return prepared;
  const p = prepared.value;
  if (p.outcome !== 'send') return ok({ outcome: p.outcome, transfer: p.transfer });

  const sent = await deps.payoutGateway.createTransfer({
    accountId: p.accountId,
    amountPence: p.transfer.coachSharePence,
    sourceIntentId: p.intentId,
    transferGroup: p.reference,
    bookingId: input.bookingId,
    idempotencyKey: transferIdempotencyKey(p.transfer),
  });
  if (!sent.ok && sent.error.retryable) return err(fromPayoutGatewayError(sent.error));
  return deps.uow.transaction(async (tx): Promise<Result<TransferResult>> => {
    const current = await tx.coachTransfers.findByBookingForUpdate(input.bookingId);
    if (!current) return ok({ outcome: 'not_released' as const, transfer: null });
    if (!sent.ok) return ok({ outcome: 'failed' as const, transfer: await tx.coachTransfers.save(recordTransferFailed(current, sent.error.message, deps.clock.now())) });
    const done = recordTransferred(current, sent.value.transferId, deps.clock.now());
    if (!done.ok) return done;
    const saved = done.value === current ? current : await tx.coachTransfers.save(done.value);
    // A chargeback lost while the money waited (e.g. for the coach's onboarding) takes its amount
    // back from the coach, exactly as one lost after the transfer does.
    const lost = (await tx.chargebacks.listForBooking(input.bookingId)).filter((c) => c.status === 'lost' && c.transferReversedPence === 0);
    const owed = Math.min(
      lost.reduce((sum, c) => sum + c.amountPence, 0),
      reversiblePence(saved),
    );
    if (owed > 0) await queueTransferReversal(tx.outbox, { bookingId: input.bookingId, amountPence: owed, reason: 'chargeback' });
    return ok({ outcome: 'transferred' as const, transfer: saved });
  });
}
