import type { Id } from '../../shared/ids';
import type { Pence } from '../../shared/money';
import { err, ok, type Result } from '../../shared/result';
import { recordReversal, reversalIdempotencyKey, reversiblePence, type CoachTransfer } from '../coach-transfer';
import { fromPayoutGatewayError, type PayoutUseCaseDeps } from './payout-deps';

export interface ReversalResult {
  readonly outcome: 'reversed' | 'nothing_to_reverse';
  readonly transfer: CoachTransfer | null;
}

/**
 * The outbox handler of 'payout.reversal': takes up to `amountPence` back from the coach's
 * transfer (a lost chargeback on released money). Never more than what is left of the transfer;
 * the idempotency key names the booking, the reason and the amount, so it happens once.
 */
export async function reverseCoachTransfer(deps: PayoutUseCaseDeps, input: { bookingId: Id; amountPence: Pence; reason: 'chargeback' | 'refund' }): Promise<Result<ReversalResult>> {
  const transfer = await deps.uow.read.coachTransfers.findByBooking(input.bookingId);
  if (!transfer || transfer.transferId === null) return ok({ outcome: 'nothing_to_reverse', transfer });
  const amount = Math.min(input.amountPence, reversiblePence(transfer));
  if (amount <= 0) return ok({ outcome: 'nothing_to_reverse', transfer });
  const reversed = await deps.payoutGateway.reverseTransfer({
    transferId: transfer.transferId,
    amountPence: amount,
    idempotencyKey: reversalIdempotencyKey(input.bookingId, input.reason, input.amountPence),
  });
  if (!reversed.ok) return err(fromPayoutGatewayError(reversed.error));
  return deps.uow.transaction(async (tx): Promise<Result<ReversalResult>> => {
    const current = await tx.coachTransfers.findByBookingForUpdate(input.bookingId);
    if (!current) return ok({ outcome: 'nothing_to_reverse' as const, transfer: null });
    const next = recordReversal(current, Math.min(reversed.value.reversedPence, current.coachSharePence), deps.clock.now());
    if (!next.ok) return next;
    const saved = next.value === current ? current : await tx.coachTransfers.save(next.value);
    if (input.reason === 'chargeback') {
      for (const c of await tx.chargebacks.listForBooking(input.bookingId))
        if (c.status === 'lost' && c.transferReversedPence === 0) await tx.chargebacks.save({ ...c, transferReversedPence: amount });
    }
    return ok({ outcome: 'reversed' as const, transfer: saved });
  });
}
