import { MINUTE_MS } from '../../shared/clock';
import { isAwaitingPayment } from '../money/payment-status';
import type { Booking } from '../lifecycle/booking';

/**
 * PRODUCT.md Payments (decision 011): a request reaches the coach only once its payment
 * is authorised. Until then it is the client's alone ('Pay Now' in MyBookings); it cannot be
 * accepted, and it expires 30 minutes after it was made.
 */

/** How long a client has to pay for a request after making it. */
export const UNPAID_REQUEST_TTL_MINUTES = 30;
/** The cancellation reason of a request whose payment was not completed in time (exact words). */
export const PAYMENT_NOT_COMPLETED_REASON = 'Payment not completed';

/** A pending request with nothing held yet (no card attempt, or the last one failed). */
export function isUnpaidRequest(b: Pick<Booking, 'status' | 'paymentStatus'>): boolean {
  return b.status === 'pending' && isAwaitingPayment(b.paymentStatus);
}

/** When an unpaid request is cancelled by the system: 30 minutes after it was made. */
export function paymentDeadline(b: Pick<Booking, 'createdAt'>): Date {
  return new Date(b.createdAt.getTime() + UNPAID_REQUEST_TTL_MINUTES * MINUTE_MS);
}

/** Whole minutes left to pay (rounded up, at least 1 while any time is left), or 0 when it is over. */
export function minutesLeftToPay(b: Pick<Booking, 'createdAt'>, now: Date): number {
  const left = paymentDeadline(b).getTime() - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / MINUTE_MS);
}

/** An unpaid request whose 30 minutes are over (at exactly 30 minutes it is due). */
export function isUnpaidRequestExpired(b: Pick<Booking, 'status' | 'paymentStatus' | 'createdAt'>, now: Date): boolean {
  return isUnpaidRequest(b) && now.getTime() >= paymentDeadline(b).getTime();
}

/**
 * Whether the coach has ever been shown this booking. Hidden from the coach: a request never paid
 * (nothing was ever authorised: payment pending, failed, or an unauthorised intent voided) that is
 * still pending, or that ended before it was paid (the client cancelled it, or the system did:
 * expired unpaid, or declined because the coach accepted another request at that time).
 * The same rule in SQL: COACH_SEES_SQL in adapters/persistence/read-models/booking-lists.ts.
 */
export function hasReachedCoach(b: Pick<Booking, 'status' | 'paymentStatus' | 'amountAuthorizedPence' | 'cancelledBy'>): boolean {
  const neverPaid = b.amountAuthorizedPence === 0 && (isAwaitingPayment(b.paymentStatus) || b.paymentStatus === 'voided');
  if (!neverPaid) return true;
  if (b.status === 'pending') return false;
  return !(b.status === 'cancelled' && (b.cancelledBy === 'client' || b.cancelledBy === 'system'));
}
