import type { Pence } from '../shared/money';
import { err, ok, type Result } from '../shared/result';
import type { Booking } from '../booking/lifecycle/booking';
import { paymentErrors } from '../booking/money/payment-errors';
import { heldPence, isReleasable, paymentHeldUntilFor } from '../booking/money/payment-hold';
import { canMovePayment, isAwaitingPayment, isHeldByPlatform, type PaymentStatus } from '../booking/money/payment-status';

/**
 * Pure transitions of a booking's payment fields, recording what the gateway did. Invariants:
 * total = price + fee, 0 ≤ refunded ≤ captured ≤ authorised ≤ total.
 */

const isAmount = (n: number): boolean => Number.isSafeInteger(n) && n > 0;

function move(booking: Booking, to: PaymentStatus, patch: Partial<Booking>, now: Date): Result<Booking> {
  if (!canMovePayment(booking.paymentStatus, to)) return err(paymentErrors.transitionNotAllowed(booking.paymentStatus, to));
  return ok({ ...booking, ...patch, paymentStatus: to, updatedAt: now });
}

/** A new payment intent was created for the dialog (a first attempt, or a retry after a failure). */
export function recordIntentCreated(booking: Booking, intentId: string, now: Date): Result<Booking> {
  if (!isAwaitingPayment(booking.paymentStatus)) return err(paymentErrors.alreadyPaid());
  return ok({ ...booking, paymentIntentId: intentId, paymentStatus: 'pending', updatedAt: now });
}

/**
 * The total is held on the client's card. The authorisation's time is the earlier of the
 * provider's and FACT's own: FACT may learn of it late (a webhook retried, a page reloaded), and
 * the hold lapses counting from when the provider made it.
 */
export function recordAuthorization(booking: Booking, input: { intentId: string; amountPence: Pence; authorisedAt?: Date | null }, now: Date): Result<Booking> {
  if (booking.paymentIntentId !== null && booking.paymentIntentId !== input.intentId) return err(paymentErrors.intentMismatch());
  if (input.amountPence !== booking.totalPricePence) return err(paymentErrors.amountInvalid('authorised'));
  const said = input.authorisedAt ?? null;
  const authorizedAt = said !== null && said.getTime() < now.getTime() ? said : now;
  return move(booking, 'authorized', { paymentIntentId: input.intentId, amountAuthorizedPence: input.amountPence, authorizedAt }, now);
}

/** The money was taken (all of the hold, or part of it); it is now held by the platform. */
export function recordCapture(booking: Booking, input: { amountPence: Pence }, now: Date): Result<Booking> {
  if (!isAmount(input.amountPence) || input.amountPence > booking.amountAuthorizedPence) return err(paymentErrors.amountInvalid('captured'));
  return move(booking, 'captured', { amountCapturedPence: input.amountPence, paymentHeldUntil: paymentHeldUntilFor(booking) }, now);
}

/** The authorisation (or the unused intent) was cancelled: the client pays nothing. */
export function recordVoid(booking: Booking, now: Date): Result<Booking> {
  return move(booking, 'voided', {}, now);
}

/** Part or all of what the platform holds went back to the client. */
export function recordRefund(booking: Booking, input: { amountPence: Pence }, now: Date): Result<Booking> {
  if (!isHeldByPlatform(booking.paymentStatus)) return err(paymentErrors.transitionNotAllowed(booking.paymentStatus, 'refunded'));
  if (!isAmount(input.amountPence) || input.amountPence > heldPence(booking)) return err(paymentErrors.amountInvalid('refund'));
  const refunded = booking.amountRefundedPence + input.amountPence;
  const to: PaymentStatus = refunded === booking.amountCapturedPence ? 'refunded' : 'partially_refunded';
  return move(booking, to, { amountRefundedPence: refunded }, now);
}

/** What the platform holds was paid out to the coach. */
export function recordRelease(booking: Booking, now: Date): Result<Booking> {
  if (!isHeldByPlatform(booking.paymentStatus)) return err(paymentErrors.transitionNotAllowed(booking.paymentStatus, 'released'));
  if (booking.status === 'disputed' || booking.disputeStatus === 'open') return err(paymentErrors.heldByDispute());
  if (!isReleasable(booking)) return err(paymentErrors.nothingToRelease());
  return move(booking, 'released', { paymentReleasedAt: now }, now);
}

/** The client's card attempt failed; they may try again. */
export function recordFailure(booking: Booking, now: Date): Result<Booking> {
  return move(booking, 'failed', {}, now);
}
