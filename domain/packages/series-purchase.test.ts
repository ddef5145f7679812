import { describe, expect, it } from 'vitest';
import type { BookingSeries } from '../booking/requests/booking-series';
import { DAY_MS } from '../shared/clock';
import { NOW, pendingBooking } from '../testing/booking-fixtures';
import { packageLedger } from './package-ledger';
import { releaseCredit, returnCredit, refundUnused, useCredit } from './package-purchase';
import { SERIES_RESCHEDULE_WEEKS, seriesPurchase } from './series-purchase';
import { unwrap } from '../shared/result';

const series: BookingSeries = {
  id: '55555555-5555-4555-8555-555555555555',
  clientId: pendingBooking().clientId,
  coachId: pendingBooking().coachId,
  paidBy: 'card',
  packagePurchaseId: null,
  sessions: 3,
  adminFeePence: 300,
  paymentIntentId: 'pi_series',
  authorizedAt: NOW,
  settledAt: null,
  createdAt: NOW,
};
const session = (id: string, weeks: number) => ({
  ...pendingBooking(),
  id,
  startsAt: new Date(pendingBooking().startsAt.getTime() + weeks * 7 * DAY_MS),
  adminFeePence: 0,
  totalPricePence: 4500,
  servicePricePence: 4500,
});
const sessions = [session('11111111-1111-4111-8111-111111111113', 2), session('11111111-1111-4111-8111-111111111111', 0), session('11111111-1111-4111-8111-111111111112', 1)];

describe('the purchase a card series’ capture makes', () => {
  it('has one credit per accepted session, soonest first, at its price, and the admin fee once', () => {
    const { purchase, checkout } = seriesPurchase(series, sessions, 'pi_series', NOW);
    expect(purchase).toMatchObject({ id: series.id, seriesId: series.id, offerId: null, sessions: 3, totalPricePence: 13_500, adminFeePence: 300 });
    expect(purchase.credits).toEqual(
      ['11111111-1111-4111-8111-111111111111', '11111111-1111-4111-8111-111111111112', '11111111-1111-4111-8111-111111111113'].map((bookingId) => ({ kind: 'booked', bookingId })),
    );
    expect(checkout.paymentIntentId).toBe('pi_series');
    // A session may be moved up to four weeks past the last date.
    expect(purchase.validUntil.getTime()).toBe(sessions[0]!.startsAt.getTime() + SERIES_RESCHEDULE_WEEKS * 7 * DAY_MS);
  });

  it('refuses sessions of different prices: each credit must cost what its session does', () => {
    expect(() => seriesPurchase(series, [sessions[0]!, { ...sessions[1]!, totalPricePence: 4000, servicePricePence: 4000 }], 'pi_series', NOW)).toThrow(/different prices/);
  });

  it('accounts for every penny as a package does: a session given back is refunded, one that happened is the coach’s and FACT’s', () => {
    let p = seriesPurchase(series, sessions, 'pi_series', NOW).purchase;
    const [a, b, c] = p.credits.map((x) => ('bookingId' in x ? x.bookingId : ''));
    p = unwrap(returnCredit(p, b!));
    const refund = unwrap(refundUnused(p, 'returned', NOW));
    expect(refund.refundPence).toBe(4500);
    p = unwrap(useCredit(refund.purchase, a!));
    p = unwrap(releaseCredit(p, a!, NOW)).purchase;
    const ledger = packageLedger(p, 2000);
    expect(ledger.paidPence).toBe(13_800);
    expect(ledger.heldPence + ledger.coachPence + ledger.platformPence + ledger.refundedPence + ledger.chargedBackPence).toBe(13_800);
    // The last session given back too: with one session spent, the admin fee is kept.
    const last = unwrap(refundUnused(unwrap(returnCredit(p, c!)), 'returned', NOW));
    expect(last).toMatchObject({ refundPence: 4500, adminFeeRefunded: false });
  });
});
