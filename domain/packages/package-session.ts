import type { Actor } from '../policy/actor';
import type { Booking } from '../booking/lifecycle/booking';
import type { BookingChange } from '../booking/lifecycle/booking-party';
import { paymentHeldUntilFor } from '../booking/money/payment-hold';
import { conflict, type DomainError } from '../shared/errors';
import type { Id } from '../shared/ids';
import type { Pence } from '../shared/money';
import { err, ok, type Result } from '../shared/result';
import { checkoutErrors } from './package-checkout';
import type { StoredPurchase } from './package-purchase.repository';
import type { PackagePurchase } from './package-purchase';

/**
 * A session booked from a package (decision 060). Its credit's price was captured with the
 * purchase, so the booking is paid from the start: captured for the credit's price, no admin fee
 * (that was charged once, with the purchase), no card payment of its own. It reaches the coach at
 * once and is accepted or declined as any request.
 */

export const packageSessionErrors = {
  otherCoach: (): DomainError => conflict('PACKAGE_OTHER_COACH', 'This package is for sessions with another coach.'),
  otherLength: (minutes: number): DomainError => conflict('PACKAGE_OTHER_LENGTH', `This package is for ${minutes}-minute sessions: choose that duration.`),
};

/** The client's paid purchase, for a session with this coach of this length; anything else is refused. */
export function purchaseForSession(stored: StoredPurchase | null, actor: Actor, input: { coachId: Id; durationMinutes: number }): Result<PackagePurchase> {
  const purchase = stored?.purchase ?? null;
  // A card series' purchase pays its own sessions only (decision 064): it is not a package to book from.
  if (!purchase || purchase.clientId !== actor.userId || purchase.seriesId !== null) return err(checkoutErrors.notYours());
  if (purchase.coachId !== input.coachId) return err(packageSessionErrors.otherCoach());
  if (purchase.durationMinutes !== input.durationMinutes) return err(packageSessionErrors.otherLength(purchase.durationMinutes));
  return ok(purchase);
}

/** A new request, paid by the credit it takes: its price is the credit's, and the money is with FACT already. */
export function paidFromCredit(booking: Booking, input: { purchaseId: Id; pricePence: Pence }, now: Date): Booking {
  return {
    ...booking,
    packagePurchaseId: input.purchaseId,
    servicePricePence: input.pricePence,
    adminFeePence: 0,
    totalPricePence: input.pricePence,
    paymentStatus: 'captured',
    paymentIntentId: null,
    authorizedAt: now,
    amountAuthorizedPence: input.pricePence,
    amountCapturedPence: input.pricePence,
    amountRefundedPence: 0,
    paymentHeldUntil: paymentHeldUntilFor(booking),
  };
}

export const isFromPackage = (b: Pick<Booking, 'packagePurchaseId'>): b is Booking & { packagePurchaseId: Id } => typeof b.packagePurchaseId === 'string';

/** What a change of a package session does to its credit. */
export type CreditMove = 'return' | 'use' | null;

/**
 * A change of a package session, with its payment effects turned into credit moves: what would
 * void or fully refund a card payment (a decline, a coach's or an early cancellation) gives the
 * credit back, and the booking records its price as returned; a cancellation that refunds
 * nothing (the client's, under 24 hours) uses the credit, and the coach is paid for it when the
 * hold ends, as a completed session does; a capture has nothing to do (the purchase was captured). A dispute's refund and a
 * release stay payment effects, carried out against the purchase's payment.
 */
export function settleOnPackage(before: Booking, change: BookingChange, now: Date): { change: BookingChange; move: CreditMove } {
  const after = change.booking;
  const givesBack = change.effects.some((e) => e.kind === 'void' || (e.kind === 'refund' && e.reason === 'cancellation' && e.amountPence >= before.totalPricePence));
  const effects = change.effects.filter((e) => e.kind !== 'capture' && e.kind !== 'void' && !(e.kind === 'refund' && e.reason === 'cancellation'));
  if (givesBack) {
    const returned: Booking = { ...after, paymentStatus: 'refunded', amountRefundedPence: after.amountCapturedPence, paymentHeldUntil: null, updatedAt: now };
    return { change: { booking: returned, effects }, move: 'return' };
  }
  const cancelledNow = after.status === 'cancelled' && before.status !== 'cancelled';
  // A session that happened spends its credit (a chargeback then takes it as a session that happened).
  return { change: { booking: after, effects }, move: cancelledNow || after.status === 'completed' ? 'use' : null };
}

/** A session whose money went back to the card with its package's chargeback: it is never paid out. */
export function chargedBackSession(b: Booking, takenPence: Pence, now: Date): Booking {
  const refunded = Math.min(b.amountCapturedPence, b.amountRefundedPence + takenPence);
  return { ...b, amountRefundedPence: refunded, paymentStatus: refunded >= b.amountCapturedPence ? 'refunded' : 'partially_refunded', updatedAt: now };
}
