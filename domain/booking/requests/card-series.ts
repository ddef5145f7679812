import { conflict, DomainFailure, type DomainError } from '../../shared/errors';
import type { Pence } from '../../shared/money';
import type { Booking } from '../lifecycle/booking';
import type { BookingChange } from '../lifecycle/booking-party';
import type { BookingSeries } from './booking-series';

/**
 * A weekly series paid in full up front by card (decision 064). Its sessions carry no card
 * payment of their own: the series holds one, authorised for every session and one admin fee,
 * and captured once the coach has answered, for the sessions they accepted. Until then a
 * session's payment state mirrors the series' (pending, authorised), and a session that leaves
 * the request (declined, cancelled, expired) is simply left out of the capture (voided). Once
 * captured, the sessions are paid by the purchase the capture made, like package sessions.
 */

/** A session of a card series whose payment is not captured yet: it is paid with its series, not on its own. */
export const awaitsSeriesPayment = (b: Pick<Booking, 'seriesId' | 'packagePurchaseId'>): b is Booking & { seriesId: string } => typeof b.seriesId === 'string' && !b.packagePurchaseId;

export const cardSeriesErrors = {
  paidWithSeries: (): DomainError => conflict('PAID_WITH_SERIES', 'This session is paid with its weekly series: pay for the series.'),
  capturing: (): DomainError => conflict('SERIES_PAYMENT_PENDING', 'The payment for this weekly series is being taken: try again in a minute.'),
  notPayable: (): DomainError => conflict('SERIES_NOT_PAYABLE', 'This weekly series has no sessions waiting for payment.'),
};

/** What the client is asked to pay for a card series: every session still asked for, and the admin fee once. */
export function seriesAmountPence(series: Pick<BookingSeries, 'adminFeePence'>, sessions: readonly Pick<Booking, 'totalPricePence'>[]): Pence {
  return sessions.length === 0 ? 0 : sessions.reduce((sum, s) => sum + s.totalPricePence, 0) + series.adminFeePence;
}

/** The sessions a card series' payment is for now: the requests still waiting for the coach. */
export const seriesRequests = <B extends Pick<Booking, 'status'>>(sessions: readonly B[]): B[] => sessions.filter((s) => s.status === 'pending');

/** The sessions a card series' capture is for: accepted while their payment was held. */
export const seriesSessionsToCapture = <B extends Pick<Booking, 'status' | 'paymentStatus'>>(sessions: readonly B[]): B[] =>
  sessions.filter((s) => s.status === 'confirmed' && s.paymentStatus === 'authorized');

/** The series' payment was authorised: each of its requests is held with it, for its own price. */
export function authorisedWithSeries(b: Booking, now: Date): Booking {
  return { ...b, paymentStatus: 'authorized', authorizedAt: now, amountAuthorizedPence: b.totalPricePence, updatedAt: now };
}

/** The series' card payment was refused: its unpaid requests say so, as a single request's would. */
export function failedWithSeries(b: Booking, now: Date): Booking {
  return b.paymentStatus === 'pending' ? { ...b, paymentStatus: 'failed', updatedAt: now } : b;
}

/** The series' payment was captured for this accepted session: it is paid, and held by FACT like any capture. */
export function capturedWithSeries(b: Booking, input: { purchaseId: string; heldUntil: Date }, now: Date): Booking {
  return { ...b, packagePurchaseId: input.purchaseId, paymentStatus: 'captured', amountCapturedPence: b.totalPricePence, paymentHeldUntil: input.heldUntil, updatedAt: now };
}

/**
 * A change of a session whose series' payment is not captured yet. The session moves no money of
 * its own: the series' payment is captured or given back once every request is answered. A
 * request leaving (declined, cancelled, expired) is left out of the capture: a held one reads
 * 'voided'. An accepted session waits for the capture, which follows at once: changing its
 * status meanwhile is refused rather than guessed at.
 */
export function settleWithSeries(before: Booking, change: BookingChange, now: Date): BookingChange {
  const after = change.booking;
  const effects = change.effects.filter((e) => e.kind !== 'capture' && e.kind !== 'void' && e.kind !== 'refund');
  if (after.status === before.status) return { booking: after, effects };
  if (before.status === 'confirmed') throw new DomainFailure(cardSeriesErrors.capturing());
  if (after.status === 'confirmed') return { booking: after, effects };
  const left = after.paymentStatus === 'authorized' || before.paymentStatus === 'authorized' ? { ...after, paymentStatus: 'voided' as const, paymentHeldUntil: null, updatedAt: now } : after;
  return { booking: left, effects };
}

/** Paid with its card series' one payment, before its capture or after it (the purchase the capture makes takes the series' id). */
export const paidWithSeriesCard = (b: Pick<Booking, 'seriesId' | 'packagePurchaseId'>): boolean => typeof b.seriesId === 'string' && (!b.packagePurchaseId || b.packagePurchaseId === b.seriesId);
