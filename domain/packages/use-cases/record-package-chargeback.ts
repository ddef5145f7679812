import { cancelBySystem } from '../../booking/lifecycle/booking-decisions';
import { commitChange } from '../../booking/lifecycle/use-cases/change-booking';
import { chargedBackSession } from '../package-session';
import { applyChargebackSnapshot, type ChargebackSnapshot } from '../../payouts/chargeback';
import { queueTransferReversal } from '../../payouts/payout-jobs';
import type { Repositories } from '../../repositories';
import { planChargeback, type PackageChargeback } from '../package-chargeback';
import type { PackagePurchase } from '../package-purchase';

export const PACKAGE_CHARGEBACK_REASON = 'The payment for this package was charged back by the card issuer';

/**
 * In `tx` (with the webhook's event id): a card chargeback on a purchase's charge. It is recorded
 * with the same merge as a booking's (events in any order; a closed one never reopens). Once lost,
 * it is applied to the purchase once (PRODUCT.md): unused credits first — the sessions booked
 * from them are cancelled by the system, their credits come back and are taken — then sessions
 * that happened, newest first: one not yet paid out is never paid (its booking records the money
 * as gone back), one paid out has its transfer reversed by up to the coach's share. Null: the
 * intent is not a purchase's.
 */
export async function recordPackageChargeback(tx: Repositories, snapshot: ChargebackSnapshot, now: Date, commissionBps: number): Promise<PackageChargeback | null> {
  const stored = await tx.packagePurchases.findByIntentId(snapshot.intentId);
  if (!stored?.purchase) return null;
  const purchaseId = stored.purchase.id;
  const existing = await tx.packagePurchases.findChargeback(snapshot.id);
  const merged = applyChargebackSnapshot(existing ? { ...existing, bookingId: purchaseId, transferReversedPence: 0 } : null, purchaseId, snapshot, now);
  let next: PackageChargeback = {
    id: merged.id,
    purchaseId,
    amountPence: merged.amountPence,
    reason: merged.reason,
    status: merged.status,
    openedAt: merged.openedAt,
    closedAt: merged.closedAt,
    appliedAt: existing?.appliedAt ?? null,
    uncoveredPence: existing?.uncoveredPence ?? 0,
  };
  if (next.status === 'lost' && next.appliedAt === null) next = { ...next, appliedAt: now, uncoveredPence: await applyLoss(tx, purchaseId, next.amountPence, commissionBps, now) };
  await tx.packagePurchases.saveChargeback(next);
  return next;
}

async function lockedPurchase(tx: Repositories, id: string): Promise<PackagePurchase> {
  const purchase = (await tx.packagePurchases.findByIdForUpdate(id))?.purchase;
  if (!purchase) throw new Error(`package purchase ${id} is not paid`);
  return purchase;
}

/** Takes the chargeback's amount back from the credits; what they could not cover. */
async function applyLoss(tx: Repositories, purchaseId: string, amountPence: number, commissionBps: number, now: Date): Promise<number> {
  for (const bookingId of planChargeback(await lockedPurchase(tx, purchaseId), amountPence, commissionBps).cancelBookings) {
    const booking = await tx.bookings.findByIdForUpdate(bookingId);
    const change = booking ? cancelBySystem(booking, PACKAGE_CHARGEBACK_REASON, now) : null;
    if (booking && change?.ok) await commitChange(tx, change.value, 'cancelled', null, now, booking);
  }
  const before = await lockedPurchase(tx, purchaseId);
  const plan = planChargeback(before, amountPence, commissionBps);
  await tx.packagePurchases.saveCredits(plan.purchase);
  // A session that happened and was not paid out yet: its money went back to the card, so it never will be.
  for (const [i, credit] of before.credits.entries()) {
    const after = plan.purchase.credits[i];
    if (credit.kind !== 'used' || after?.kind !== 'charged_back') continue;
    const booking = await tx.bookings.findByIdForUpdate(credit.bookingId);
    if (booking) await tx.bookings.save(chargedBackSession(booking, after.takenPence, now));
  }
  for (const r of plan.reversals) await queueTransferReversal(tx.outbox, { bookingId: r.bookingId, amountPence: r.amountPence, reason: 'chargeback' });
  return plan.uncoveredPence;
}
