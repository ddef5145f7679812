import { conflict, type DomainError } from '../shared/errors';
import type { Id } from '../shared/ids';
import { formatLondonDate } from '../shared/london-time';
import type { Pence } from '../shared/money';
import { err, ok, type Result } from '../shared/result';
import type { SessionMinutes } from '../shared/session-lengths';
import { sessionPricePence } from './session-prices';

/**
 * A bought package: the offer's terms as they were at purchase, and one credit per session.
 * Each credit moves: available → booked (a request or session holds it) → used (the session
 * happened, or the client cancelled late: the coach is paid for it) → released (its share went
 * to the coach). A booked credit comes back (available) on a decline, a coach's cancellation or a
 * client's cancellation 24 h or more ahead. Unused credits go back to the card (refunded) on
 * request or at expiry, or are taken back by a lost chargeback.
 */
export type CreditState =
  | { readonly kind: 'available' }
  | { readonly kind: 'booked'; readonly bookingId: Id }
  /** `refundedPence`: what a dispute gave back to the card of this session's price (absent: none). */
  | { readonly kind: 'used'; readonly bookingId: Id; readonly refundedPence?: Pence }
  | { readonly kind: 'released'; readonly bookingId: Id; readonly releasedAt: Date; readonly refundedPence?: Pence }
  | { readonly kind: 'refunded' }
  /** Taken back by a lost chargeback: `takenPence` of its price went to the client's bank, `reversedPence` of it from the coach's transfer. */
  | { readonly kind: 'charged_back'; readonly takenPence: Pence; readonly reversedPence: Pence; readonly wasReleased: boolean; readonly refundedPence?: Pence };

/** What a dispute gave back of a credit's price before it was released or taken (0: none). */
export const disputeRefundedOf = (c: CreditState): Pence => ('refundedPence' in c ? (c.refundedPence ?? 0) : 0);

export interface PackagePurchase {
  readonly id: Id;
  readonly clientId: Id;
  readonly coachId: Id;
  /** The package offer bought; null for a weekly series paid by card, which is its own purchase (decision 064). */
  readonly offerId: Id | null;
  /** The card-paid weekly series this purchase is the payment of (decision 064); null for a package. */
  readonly seriesId: Id | null;
  readonly title: string | null;
  readonly sessions: number;
  readonly durationMinutes: SessionMinutes;
  readonly totalPricePence: Pence;
  /** PRODUCT.md: the admin fee is charged once per purchase. */
  readonly adminFeePence: Pence;
  readonly purchasedAt: Date;
  readonly validUntil: Date;
  readonly credits: readonly CreditState[];
  readonly adminFeeRefunded: boolean;
  /** What a lost chargeback took of the admin fee (after every credit). */
  readonly adminFeeChargedBackPence: Pence;
}

const WEEK_MS = 7 * 24 * 3_600_000;

export function validUntilFor(purchasedAt: Date, validityWeeks: number): Date {
  return new Date(purchasedAt.getTime() + validityWeeks * WEEK_MS);
}

export const creditPrice = (p: Pick<PackagePurchase, 'totalPricePence' | 'sessions'>, index: number): Pence => sessionPricePence(p.totalPricePence, p.sessions, index);

/** What the client paid for the purchase. */
export const purchasePaidPence = (p: Pick<PackagePurchase, 'totalPricePence' | 'adminFeePence'>): Pence => p.totalPricePence + p.adminFeePence;

export const creditsLeft = (p: Pick<PackagePurchase, 'credits'>): number => p.credits.filter((c) => c.kind === 'available').length;

export const isExpired = (p: Pick<PackagePurchase, 'validUntil'>, now: Date): boolean => now.getTime() >= p.validUntil.getTime();

const indexOfBooking = (p: PackagePurchase, bookingId: Id, kind: CreditState['kind']): number => p.credits.findIndex((c) => c.kind === kind && 'bookingId' in c && c.bookingId === bookingId);

const withCredit = (p: PackagePurchase, index: number, state: CreditState): PackagePurchase => ({ ...p, credits: p.credits.map((c, i) => (i === index ? state : c)) });

export const packageErrors = {
  noCreditsLeft: (): DomainError => conflict('NO_CREDITS_LEFT', 'There are no sessions left in this package.'),
  expired: (p: PackagePurchase): DomainError => conflict('PACKAGE_EXPIRED', `This package expired on ${formatLondonDate(p.validUntil)}.`),
  afterExpiry: (p: PackagePurchase): DomainError => conflict('SESSION_AFTER_EXPIRY', `This package is valid until ${formatLondonDate(p.validUntil)}: choose a session before then.`),
  alreadyBooked: (): DomainError => conflict('CREDIT_ALREADY_BOOKED', 'This session already uses a credit of the package.'),
  noCreditForBooking: (): DomainError => conflict('NO_CREDIT_FOR_BOOKING', 'This session does not hold a credit of the package.'),
  nothingToRefund: (): DomainError => conflict('NOTHING_TO_REFUND', 'There are no unused sessions to refund.'),
  notExpiredYet: (): DomainError => conflict('PACKAGE_NOT_EXPIRED', 'This package has not expired yet.'),
};

/** A session booked from the package takes its first available credit, and costs that credit's price. */
export function bookCredit(p: PackagePurchase, input: { bookingId: Id; startsAt: Date }, now: Date): Result<{ purchase: PackagePurchase; creditIndex: number; pricePence: Pence }> {
  if (isExpired(p, now)) return err(packageErrors.expired(p));
  if (input.startsAt.getTime() >= p.validUntil.getTime()) return err(packageErrors.afterExpiry(p));
  if (p.credits.some((c) => 'bookingId' in c && c.bookingId === input.bookingId)) return err(packageErrors.alreadyBooked());
  const index = p.credits.findIndex((c) => c.kind === 'available');
  if (index < 0) return err(packageErrors.noCreditsLeft());
  return ok({ purchase: withCredit(p, index, { kind: 'booked', bookingId: input.bookingId }), creditIndex: index, pricePence: creditPrice(p, index) });
}

/** A decline, a coach's cancellation or an early client cancellation gives the credit back. */
export function returnCredit(p: PackagePurchase, bookingId: Id): Result<PackagePurchase> {
  const index = indexOfBooking(p, bookingId, 'booked');
  return index < 0 ? err(packageErrors.noCreditForBooking()) : ok(withCredit(p, index, { kind: 'available' }));
}

/** The session happened, or the client cancelled too late to get the credit back: the coach is owed it. */
export function useCredit(p: PackagePurchase, bookingId: Id): Result<PackagePurchase> {
  const index = indexOfBooking(p, bookingId, 'booked');
  return index < 0 ? err(packageErrors.noCreditForBooking()) : ok(withCredit(p, index, { kind: 'used', bookingId }));
}

/** The coach's share of a used credit was released to them. */
export function releaseCredit(p: PackagePurchase, bookingId: Id, now: Date): Result<{ purchase: PackagePurchase; pricePence: Pence }> {
  const index = indexOfBooking(p, bookingId, 'used');
  if (index < 0) return err(packageErrors.noCreditForBooking());
  const refundedPence = disputeRefundedOf(p.credits[index]!);
  const released: CreditState = refundedPence > 0 ? { kind: 'released', bookingId, releasedAt: now, refundedPence } : { kind: 'released', bookingId, releasedAt: now };
  return ok({ purchase: withCredit(p, index, released), pricePence: creditPrice(p, index) - refundedPence });
}

/**
 * A dispute gave `amountPence` of a session's price back to the card (decision 060): the session
 * counts as spent with what is left of its price; the whole price back refunds the credit.
 */
export function disputeRefundCredit(p: PackagePurchase, bookingId: Id, amountPence: Pence): Result<PackagePurchase> {
  const index = p.credits.findIndex((c) => (c.kind === 'booked' || c.kind === 'used') && c.bookingId === bookingId);
  if (index < 0) return err(packageErrors.noCreditForBooking());
  const refundedPence = disputeRefundedOf(p.credits[index]!) + Math.max(0, amountPence);
  if (refundedPence >= creditPrice(p, index)) return ok(withCredit(p, index, { kind: 'refunded' }));
  return ok(withCredit(p, index, { kind: 'used', bookingId, refundedPence }));
}

/** Whether any credit was ever spent on a session: the admin fee is then kept. */
const anySessionSpent = (p: PackagePurchase): boolean => p.credits.some((c) => c.kind === 'used' || c.kind === 'released');

export interface UnusedRefund {
  readonly purchase: PackagePurchase;
  readonly refundPence: Pence;
  readonly creditIndexes: readonly number[];
  readonly adminFeeRefunded: boolean;
}

/**
 * Why unused credits go back: the client asked, the package expired, or (a card-paid weekly
 * series, decision 064) a session gave its credit back, which a series never books again.
 */
export type UnusedRefundReason = 'request' | 'expiry' | 'returned';

/**
 * PRODUCT.md: FACT never keeps money for sessions that did not happen. The unused (available)
 * credits go back at their session prices; the admin fee too, if no session was spent and none is
 * booked (a booked one may still happen). On request the package must not have expired; at
 * expiry the refund runs once however often the job does (a second run finds nothing).
 */
export function refundUnused(p: PackagePurchase, reason: UnusedRefundReason, now: Date): Result<UnusedRefund> {
  if (reason === 'request' && isExpired(p, now)) return err(packageErrors.expired(p));
  if (reason === 'expiry' && !isExpired(p, now)) return err(packageErrors.notExpiredYet());
  const creditIndexes = p.credits.flatMap((c, i) => (c.kind === 'available' ? [i] : []));
  const feeBack = !p.adminFeeRefunded && !anySessionSpent(p) && !p.credits.some((c) => c.kind === 'booked') && creditIndexes.length > 0;
  if (creditIndexes.length === 0 && reason === 'request') return err(packageErrors.nothingToRefund());
  const credits = p.credits.map((c, i) => (creditIndexes.includes(i) ? ({ kind: 'refunded' } as const) : c));
  const refundPence = creditIndexes.reduce((sum, i) => sum + creditPrice(p, i), 0) + (feeBack ? p.adminFeePence : 0);
  return ok({ purchase: { ...p, credits, adminFeeRefunded: p.adminFeeRefunded || feeBack }, refundPence, creditIndexes, adminFeeRefunded: feeBack });
}
