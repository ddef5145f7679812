import type { PackageSessions } from '../../booking/lifecycle/package-sessions';
import { DomainFailure, invalid } from '../../shared/errors';
import type { Id } from '../../shared/ids';
import { err, ok } from '../../shared/result';
import type { Repositories } from '../../repositories';
import { bookCredit, creditsLeft, disputeRefundCredit, packageErrors, releaseCredit, returnCredit, useCredit, type PackagePurchase } from '../package-purchase';
import { isSeriesPurchase, SERIES_CREDIT_REFUND_JOB } from '../series-purchase';
import { isFromPackage, paidFromCredit, purchaseForSession, settleOnPackage } from '../package-session';

/** A package session whose purchase or credit is not where it must be: stored data is wrong, nothing may move. */
const inconsistent = (bookingId: Id, why: string) => new DomainFailure(invalid('PACKAGE_SESSION_INCONSISTENT', `Package session ${bookingId}: ${why}.`));

async function lockedPurchase(tx: Repositories, purchaseId: Id, bookingId: Id): Promise<PackagePurchase> {
  const stored = await tx.packagePurchases.findByIdForUpdate(purchaseId);
  if (!stored?.purchase) throw inconsistent(bookingId, 'its purchase is not a paid one');
  return stored.purchase;
}

const creditOf = (p: PackagePurchase, bookingId: Id) => p.credits.find((c) => 'bookingId' in c && c.bookingId === bookingId) ?? null;

/**
 * The packages context's side of a package session (decision 060). The purchase's row is held
 * for each move, so two requests for the last credit are decided one after the other: the
 * second finds none left.
 */
export const packageSessions: PackageSessions = {
  async bookFromCredit(tx, { booking, purchaseId, actor, now }) {
    const purchase = purchaseForSession(await tx.packagePurchases.findByIdForUpdate(purchaseId), actor, { coachId: booking.coachId, durationMinutes: booking.durationMinutes });
    if (!purchase.ok) return purchase;
    const booked = bookCredit(purchase.value, { bookingId: booking.id, startsAt: booking.startsAt }, now);
    if (!booked.ok) return booked;
    // The credit names the booking, which is inserted later in this transaction (the key is checked at commit).
    await tx.packagePurchases.saveCredits(booked.value.purchase);
    if (creditsLeft(booked.value.purchase) === 1) await tx.packageEmails.queueLowCredit(tx.outbox, booked.value.purchase, now);
    return ok(paidFromCredit(booking, { purchaseId, pricePence: booked.value.pricePence }, now));
  },

  async settle(tx, before, change, now) {
    if (!isFromPackage(before)) return change;
    const settled = settleOnPackage(before, change, now);
    if (settled.move === null) return settled.change;
    const purchase = await lockedPurchase(tx, before.packagePurchaseId, before.id);
    // Spent once: a completed session changed again (a dispute, its review) spends nothing more.
    if (settled.move === 'use' && creditOf(purchase, before.id)?.kind !== 'booked') return settled.change;
    const moved = settled.move === 'return' ? returnCredit(purchase, before.id) : useCredit(purchase, before.id);
    if (!moved.ok) throw inconsistent(before.id, moved.error.message);
    await tx.packagePurchases.saveCredits(moved.value);
    // A card series never books a credit again: what comes back goes back to the card (decision 064).
    if (settled.move === 'return' && isSeriesPurchase(purchase))
      await tx.outbox.enqueue({ type: SERIES_CREDIT_REFUND_JOB, payload: { purchaseId: purchase.id }, dedupeKey: `series-credit:${purchase.id}:${before.id}` });
    return settled.change;
  },

  async release(tx, booking, now) {
    if (!isFromPackage(booking)) return;
    let purchase = await lockedPurchase(tx, booking.packagePurchaseId, booking.id);
    const credit = creditOf(purchase, booking.id);
    // Released already, or taken back by a chargeback (whose booking then holds nothing to release).
    if (!credit || credit.kind === 'released') return;
    if (credit?.kind === 'booked') {
      const used = useCredit(purchase, booking.id);
      if (!used.ok) throw inconsistent(booking.id, used.error.message);
      purchase = used.value;
    }
    const released = releaseCredit(purchase, booking.id, now);
    if (!released.ok) throw inconsistent(booking.id, released.error.message);
    await tx.packagePurchases.saveCredits(released.value.purchase);
  },

  async refunded(tx, booking, amountPence) {
    if (!isFromPackage(booking)) return;
    const purchase = await lockedPurchase(tx, booking.packagePurchaseId, booking.id);
    const credit = creditOf(purchase, booking.id);
    if (credit?.kind !== 'booked' && credit?.kind !== 'used') return;
    const refunded = disputeRefundCredit(purchase, booking.id, amountPence);
    if (!refunded.ok) throw inconsistent(booking.id, refunded.error.message);
    await tx.packagePurchases.saveCredits(refunded.value);
  },

  async checkStart(tx, booking, startsAt) {
    if (!isFromPackage(booking)) return ok(undefined);
    const purchase = (await tx.packagePurchases.findById(booking.packagePurchaseId))?.purchase;
    return purchase && startsAt.getTime() >= purchase.validUntil.getTime() ? err(packageErrors.afterExpiry(purchase)) : ok(undefined);
  },

  async paymentIntentOf(tx, booking) {
    if (!isFromPackage(booking)) return booking.paymentIntentId;
    return (await tx.packagePurchases.findById(booking.packagePurchaseId))?.checkout.paymentIntentId ?? null;
  },
};
