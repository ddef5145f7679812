import type { Repositories } from '../../repositories';
import { applyChargebackSnapshot, isChargebackOpen, type Chargeback, type ChargebackSnapshot } from '../chargeback';
import { reversiblePence } from '../coach-transfer';
import { queueTransferReversal } from '../payout-jobs';

/**
 * In `tx` (with the webhook's event id): records a card chargeback on its booking. When one is
 * lost after the coach's share was transferred, the transfer is reversed by the disputed amount
 * (at most what is left of it), queued in the same transaction. While one is open a transfer not
 * yet made is held; one lost before the transfer is taken back right after it (transferCoachShare).
 * Unknown intents are ignored (null).
 */
export async function recordChargeback(tx: Repositories, snapshot: ChargebackSnapshot, now: Date): Promise<Chargeback | null> {
  const booking = await tx.bookings.findByPaymentIntentId(snapshot.intentId);
  if (!booking) return null;
  const existing = await tx.chargebacks.findById(snapshot.id);
  const next = applyChargebackSnapshot(existing, booking.id, snapshot, now);
  if (existing && next === existing) return existing;
  const saved = await tx.chargebacks.save(next);
  const becameLost = saved.status === 'lost' && (existing === null || isChargebackOpen(existing));
  if (becameLost) {
    const transfer = await tx.coachTransfers.findByBookingForUpdate(booking.id);
    if (transfer && reversiblePence(transfer) > 0)
      await queueTransferReversal(tx.outbox, { bookingId: booking.id, amountPence: Math.min(saved.amountPence, reversiblePence(transfer)), reason: 'chargeback' });
  }
  return saved;
}
