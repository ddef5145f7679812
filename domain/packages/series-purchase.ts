import type { Booking } from '../booking/lifecycle/booking';
import type { BookingSeries } from '../booking/requests/booking-series';
import { DomainFailure, invalid } from '../shared/errors';
import { isId, type Id } from '../shared/ids';
import { isSessionMinutes } from '../shared/session-lengths';
import type { PackageCheckout } from './package-checkout';
import { creditPrice, type PackagePurchase } from './package-purchase';

/** How long after its last date a session of a card series may still be moved to (a reschedule asks). */
export const SERIES_RESCHEDULE_WEEKS = 4;
const WEEK_MS = 7 * 24 * 3_600_000;

/**
 * A weekly series paid by card, once its payment is captured for the sessions the coach accepted
 * (decision 064), becomes a purchase of its own: one credit per accepted session, each booked by
 * its session at that session's price, and the admin fee once. From then on its sessions are
 * released, transferred, refunded and charged back exactly as package sessions are. The purchase
 * takes the series' id: there is one per series, and a retried capture finds it.
 */
export function seriesPurchase(series: BookingSeries, sessions: readonly Booking[], paymentIntentId: string, paidAt: Date): { checkout: PackageCheckout; purchase: PackagePurchase } {
  const ordered = [...sessions].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  if (!first || !last) throw new DomainFailure(invalid('SERIES_NOTHING_CAPTURED', `Series ${series.id} has no session to pay.`));
  const totalPricePence = ordered.reduce((sum, s) => sum + s.totalPricePence, 0);
  const terms = { totalPricePence, sessions: ordered.length };
  // Each credit must cost what its session does, or the ledger and the release would disagree.
  if (ordered.some((s, i) => s.totalPricePence !== creditPrice(terms, i) || s.durationMinutes !== first.durationMinutes))
    throw new DomainFailure(invalid('SERIES_PRICES_DIFFER', `Series ${series.id} has sessions of different prices or lengths.`));
  const durationMinutes = first.durationMinutes;
  if (!isSessionMinutes(durationMinutes)) throw new DomainFailure(invalid('SERIES_PRICES_DIFFER', `Series ${series.id} has a session length FACT does not offer.`));
  const common = {
    id: series.id,
    clientId: series.clientId,
    coachId: series.coachId,
    offerId: null,
    seriesId: series.id,
    title: 'Weekly series',
    sessions: ordered.length,
    durationMinutes,
    totalPricePence,
    adminFeePence: series.adminFeePence,
  };
  return {
    checkout: { ...common, validityWeeks: 0, paymentIntentId, createdAt: paidAt },
    purchase: {
      ...common,
      purchasedAt: paidAt,
      validUntil: new Date(Math.max(last.startsAt.getTime(), paidAt.getTime()) + SERIES_RESCHEDULE_WEEKS * WEEK_MS),
      credits: ordered.map((s) => ({ kind: 'booked' as const, bookingId: s.id })),
      adminFeeRefunded: false,
      adminFeeChargedBackPence: 0,
    },
  };
}

export const isSeriesPurchase = (p: Pick<PackagePurchase, 'seriesId'>): boolean => p.seriesId !== null;

/** The outbox job that refunds a card series' credits given back (decision 064). */
export const SERIES_CREDIT_REFUND_JOB = 'series.refund-returned';
export function parseSeriesCreditRefundJob(payload: unknown): { purchaseId: Id } | null {
  const p = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  return p && isId(p.purchaseId) ? { purchaseId: p.purchaseId } : null;
}
