import type { Pence } from '../shared/money';
import type { Booking } from '../booking/lifecycle/booking';

/**
 * How what the client paid is split (decision 012): the platform keeps the admin fee and a
 * commission on the session price (basis points, default 0); the coach gets the rest of the
 * session price. Refunds come out of the session price first (a partial dispute refund is the
 * coach's session falling short), except a late cancellation, whose refund is the admin fee
 * itself (PRODUCT.md: the session price is paid to the coach, the admin fee is refunded).
 * Stripe's fees are the platform's (it bears them out of its share).
 *
 * Always: coach share + platform share + refunded = captured (what the client paid).
 */
export interface CoachShare {
  /** What the client paid and kept paid: captured − refunded. */
  readonly netPaidPence: Pence;
  /** The part of the session price the coach earned, before commission. */
  readonly sessionKeptPence: Pence;
  readonly commissionPence: Pence;
  readonly coachSharePence: Pence;
  readonly platformSharePence: Pence;
}

export const MAX_COMMISSION_BPS = 10_000;

type Settled = Pick<Booking, 'status' | 'servicePricePence' | 'adminFeePence' | 'amountCapturedPence' | 'amountRefundedPence'>;

/** The commission on a kept session price, rounded down (in the coach's favour). */
export function commissionOf(sessionKeptPence: Pence, commissionBps: number): Pence {
  const bps = Math.min(MAX_COMMISSION_BPS, Math.max(0, Math.trunc(commissionBps)));
  return Math.floor((sessionKeptPence * bps) / MAX_COMMISSION_BPS);
}

export function coachShareOf(booking: Settled, commissionBps: number): CoachShare {
  const netPaidPence = Math.max(0, booking.amountCapturedPence - booking.amountRefundedPence);
  const sessionKeptPence = booking.status === 'cancelled' ? Math.min(booking.servicePricePence, netPaidPence) : Math.max(0, Math.min(booking.servicePricePence, netPaidPence - booking.adminFeePence));
  const commissionPence = commissionOf(sessionKeptPence, commissionBps);
  const coachSharePence = sessionKeptPence - commissionPence;
  return { netPaidPence, sessionKeptPence, commissionPence, coachSharePence, platformSharePence: netPaidPence - coachSharePence };
}

/**
 * What the coach will earn from a request if they accept it and the session goes ahead: their
 * share of the full price, by the same rule that pays them (the coach's request card says it).
 */
export function expectedCoachSharePence(booking: Pick<Booking, 'servicePricePence' | 'adminFeePence' | 'totalPricePence'>, commissionBps: number): Pence {
  return coachShareOf({ ...booking, status: 'confirmed', amountCapturedPence: booking.totalPricePence, amountRefundedPence: 0 }, commissionBps).coachSharePence;
}
