import { HOUR_MS } from '../../shared/clock';
import type { Pence } from '../../shared/money';
import { endsAt, type Booking } from '../lifecycle/booking';
import { settlementOfCancelled } from './cancellation-policy';
import { isHeldByPlatform } from './payment-status';

/** PRODUCT.md: funds are held by the platform until the scheduled end + 48 hours. */
export const PAYMENT_HOLD_HOURS = 48;

export function paymentHeldUntilFor(booking: Pick<Booking, 'startsAt' | 'durationMinutes'>): Date {
  return new Date(endsAt(booking).getTime() + PAYMENT_HOLD_HOURS * HOUR_MS);
}

/** What the platform holds for this booking now (captured and not refunded), unless paid out. */
export function heldPence(booking: Pick<Booking, 'paymentStatus' | 'amountCapturedPence' | 'amountRefundedPence'>): Pence {
  return isHeldByPlatform(booking.paymentStatus) ? booking.amountCapturedPence - booking.amountRefundedPence : 0;
}

/** What the client has already got back: refunds plus any part of the hold never captured. */
export function givenBackPence(booking: Booking): Pence {
  switch (booking.paymentStatus) {
    case 'voided':
      return booking.amountAuthorizedPence;
    case 'captured':
    case 'partially_refunded':
    case 'refunded':
    case 'released':
      return booking.amountRefundedPence + (booking.amountAuthorizedPence - booking.amountCapturedPence);
    default:
      return 0;
  }
}

/** What the client is owed back by a decision already taken (a cancellation or a dispute). */
export function decidedRefundPence(booking: Booking): Pence {
  if (booking.status === 'cancelled') return settlementOfCancelled(booking)?.refundPence ?? 0;
  if (booking.disputeStatus === 'resolved' && booking.disputeOutcome !== 'release') return booking.disputeRefundPence ?? 0;
  return 0;
}

/** A decided refund has not been carried out yet (the coach must not be paid before it is). */
export function hasOutstandingRefund(booking: Booking): boolean {
  return decidedRefundPence(booking) > givenBackPence(booking);
}

/** The held money may go to the coach now, whatever the hold date (an administrator's decision). */
export function isReleasable(booking: Booking): boolean {
  return heldPence(booking) > 0 && booking.disputeStatus !== 'open' && booking.status !== 'disputed' && !hasOutstandingRefund(booking);
}

/**
 * The held money is due to the coach: the session is completed (or was cancelled late), the hold
 * date has passed, no dispute is open and no decided refund is still to be paid.
 */
export function isReleaseDue(booking: Booking, now: Date): boolean {
  return (booking.status === 'completed' || booking.status === 'cancelled') && booking.paymentHeldUntil !== null && booking.paymentHeldUntil.getTime() <= now.getTime() && isReleasable(booking);
}
