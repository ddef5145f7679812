import type { Actor } from '../../policy/actor';
import { err, ok, type Result } from '../../shared/result';
import { cancellationInstructions, cancellationSettlement } from '../money/cancellation-policy';
import { cancellationPreview } from '../money/cancellation-money';
import { captureInstruction } from '../money/payment-instruction';
import { formatPence, type Pence } from '../../shared/money';
import type { Booking, CancelledBy } from './booking';
import { bookingErrors } from './booking-errors';
import { changed, relationOf, requireCoach, type BookingChange } from './booking-party';
import { requiredReason } from './booking-rules';
import { isUnpaidRequestExpired, PAYMENT_NOT_COMPLETED_REASON } from '../requests/paid-requests';
import { isPastResponseDeadline, REQUEST_EXPIRED_REASON } from '../requests/response-deadline';

/** SPEC §4 / PRODUCT.md: the coach answers a request; either side may call a booking off. */

/** Reason given when accepting one request declines the coach's other overlapping requests. */
export const NO_LONGER_AVAILABLE_REASON = 'The coach is no longer available at this time';
/** The words requests expired with before the 6-day deadline existed (they expired only at the start). */
const EARLIER_EXPIRED_REASON = 'The coach did not respond before the session time';

/** A request the system ended because the coach did not answer it by its deadline. */
export function expiredUnanswered(booking: Pick<Booking, 'status' | 'cancelledBy' | 'cancellationReason'>): boolean {
  const reason = booking.cancellationReason;
  return booking.status === 'cancelled' && booking.cancelledBy === 'system' && (reason === REQUEST_EXPIRED_REASON || reason === EARLIER_EXPIRED_REASON);
}

/**
 * The coach accepts a pending request: confirmed, and the held payment is captured. Only a request
 * whose payment is authorised can be accepted (decision 011): accepting an unpaid one would confirm
 * a session with no money behind it and decline the paid requests overlapping it. Past its
 * response deadline it is refused even before the expiry job has run (decision 050): the card
 * hold may be about to lapse, and a capture must never be attempted on a lapsed one.
 */
export function acceptBooking(booking: Booking, actor: Actor, now: Date): Result<BookingChange> {
  const coach = requireCoach(booking, actor);
  if (!coach.ok) return coach;
  if (expiredUnanswered(booking)) return err(bookingErrors.requestExpired());
  if (booking.status !== 'pending') return err(bookingErrors.notPending());
  if (isPastResponseDeadline(booking, now)) return err(bookingErrors.requestExpired());
  // A session from a package was paid with the purchase (decision 060): nothing is left to capture.
  const paidFromPackage = Boolean(booking.packagePurchaseId) && booking.paymentStatus === 'captured';
  if (booking.paymentStatus !== 'authorized' && !paidFromPackage) return err(bookingErrors.notPaid());
  const next = changed(booking, { status: 'confirmed' }, now);
  return ok({ booking: next, effects: paidFromPackage ? [] : [captureInstruction(booking.amountAuthorizedPence)] });
}

function cancel(booking: Booking, by: CancelledBy, reason: string, declined: boolean, now: Date): BookingChange {
  const wasStatus = booking.status === 'pending' ? 'pending' : 'confirmed';
  const settlement = cancellationSettlement(booking, wasStatus, by, now);
  const next = changed(booking, { status: 'cancelled', cancellationReason: reason, cancelledBy: by, cancelledAt: now, declined }, now);
  return { booking: next, effects: cancellationInstructions(booking, settlement) };
}

/** The system calls a request or a session off (e.g. its package was charged back): a platform cancellation, so the client is not charged for it. */
export function cancelBySystem(booking: Booking, reason: string, now: Date): Result<BookingChange> {
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return err(bookingErrors.notCancellable());
  return ok(cancel(booking, 'system', reason, false, now));
}

/** The coach declines a pending request with a reason shared with the client; any hold is voided. */
export function declineBooking(booking: Booking, actor: Actor, input: { reason: string | null | undefined }, now: Date): Result<BookingChange> {
  const coach = requireCoach(booking, actor);
  if (!coach.ok) return coach;
  if (booking.status !== 'pending') return err(bookingErrors.notPending());
  const reason = requiredReason(input.reason, bookingErrors.declineReasonRequired);
  if (!reason.ok) return reason;
  return ok(cancel(booking, 'coach', reason.value, true, now));
}

/**
 * The system declines a pending request on the coach's behalf: when the coach accepted another
 * request at an overlapping time, or when its response deadline passed unanswered.
 */
export function declineBySystem(booking: Booking, reason: string, now: Date): Result<BookingChange> {
  if (booking.status !== 'pending') return err(bookingErrors.notPending());
  return ok(cancel(booking, 'system', reason, true, now));
}

/**
 * A pending request whose response deadline (6 days after the authorisation, or the start if
 * sooner) has passed without an answer is declined by the system and its hold voided.
 */
export function isRequestExpired(booking: Booking, now: Date): boolean {
  return booking.status === 'pending' && isPastResponseDeadline(booking, now);
}

export function expireRequest(booking: Booking, now: Date): Result<BookingChange> {
  if (!isRequestExpired(booking, now)) return err(bookingErrors.notPending());
  return declineBySystem(booking, REQUEST_EXPIRED_REASON, now);
}

/**
 * An unpaid request whose 30 minutes are over is cancelled by the system ('Payment not
 * completed'); an intent the client may have opened is voided. Not a decline: the coach never saw it.
 */
export function expireUnpaidRequest(booking: Booking, now: Date): Result<BookingChange> {
  if (!isUnpaidRequestExpired(booking, now)) return err(bookingErrors.notPending());
  return ok(cancel(booking, 'system', PAYMENT_NOT_COMPLETED_REASON, false, now));
}

/**
 * SPEC §4/§6: the client cancels a pending or confirmed booking; the coach cancels a confirmed
 * one (a pending one is declined instead); an administrator may cancel either. A reason is
 * required. Money follows the cancellation policy.
 */
export function cancelBooking(booking: Booking, actor: Actor, input: { reason: string | null | undefined; shownRefundPence?: Pence | null }, now: Date): Result<BookingChange> {
  const relation = relationOf(booking, actor);
  if (relation === 'stranger') return err(bookingErrors.notBookingParty());
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return err(bookingErrors.notCancellable());
  if (relation === 'coach' && booking.status !== 'confirmed') return err(bookingErrors.coachMustDecline());
  const reason = requiredReason(input.reason, bookingErrors.cancellationReasonRequired);
  if (!reason.ok) return reason;
  // The person confirmed the refund they were shown; if the policy now gives another (the 24-hour
  // line passed while the dialog was open), they must see the new amount before anything moves.
  const refund = cancellationPreview(booking, relation, now).refundPence;
  if (input.shownRefundPence !== undefined && input.shownRefundPence !== null && input.shownRefundPence !== refund) return err(bookingErrors.refundChanged(formatPence(refund)));
  return ok(cancel(booking, relation, reason.value, false, now));
}
