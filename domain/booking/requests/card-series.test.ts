import { describe, expect, it } from 'vitest';
import { acceptBooking, cancelBooking, declineBooking } from '../lifecycle/booking-decisions';
import { DomainFailure } from '../../shared/errors';
import { unwrap } from '../../shared/result';
import { client, coach, NOW, pendingBooking } from '../../testing/booking-fixtures';
import { authorisedWithSeries, capturedWithSeries, paidWithSeriesCard, seriesAmountPence, seriesSessionsToCapture, settleWithSeries } from './card-series';

const SERIES_ID = '55555555-5555-4555-8555-555555555555';
const OTHER_PURCHASE = '66666666-6666-4666-8666-666666666666';
/** A session of a card series, held with its series' payment: no card payment of its own, no admin fee. */
const held = () => authorisedWithSeries({ ...pendingBooking(), seriesId: SERIES_ID, adminFeePence: 0, totalPricePence: pendingBooking().servicePricePence }, NOW);

describe('a session of a weekly series paid by card', () => {
  it('is held for its own price with the series’ payment', () => {
    const s = held();
    expect(s).toMatchObject({ paymentStatus: 'authorized', amountAuthorizedPence: s.servicePricePence, paymentIntentId: null });
  });

  it('moves no money of its own when accepted: the series’ capture follows', () => {
    const before = held();
    const settled = settleWithSeries(before, unwrap(acceptBooking(before, coach, NOW)), NOW);
    expect(settled.effects).toEqual([]);
    expect(settled.booking).toMatchObject({ status: 'confirmed', paymentStatus: 'authorized' });
  });

  it('is left out of the capture when declined or cancelled before the coach answers', () => {
    const before = held();
    for (const change of [declineBooking(before, coach, { reason: 'Away' }, NOW), cancelBooking(before, client, { reason: 'Ill' }, NOW)]) {
      const settled = settleWithSeries(before, unwrap(change), NOW);
      expect(settled.effects).toEqual([]);
      expect(settled.booking).toMatchObject({ status: 'cancelled', paymentStatus: 'voided', paymentHeldUntil: null });
    }
  });

  it('cannot be cancelled between its acceptance and the series’ capture', () => {
    const confirmed = settleWithSeries(held(), unwrap(acceptBooking(held(), coach, NOW)), NOW).booking;
    expect(() => settleWithSeries(confirmed, unwrap(cancelBooking(confirmed, client, { reason: 'Ill' }, NOW)), NOW)).toThrow(DomainFailure);
  });

  it('is captured with the sessions the coach accepted, the admin fee once', () => {
    const accepted = settleWithSeries(held(), unwrap(acceptBooking(held(), coach, NOW)), NOW).booking;
    const left = settleWithSeries(held(), unwrap(declineBooking(held(), coach, { reason: 'Away' }, NOW)), NOW).booking;
    const toCapture = seriesSessionsToCapture([accepted, left, accepted]);
    expect(toCapture).toHaveLength(2);
    expect(seriesAmountPence({ adminFeePence: 300 }, toCapture)).toBe(2 * accepted.totalPricePence + 300);
    expect(seriesAmountPence({ adminFeePence: 300 }, [])).toBe(0);
    const captured = capturedWithSeries(accepted, { purchaseId: SERIES_ID, heldUntil: NOW }, NOW);
    expect(captured).toMatchObject({ paymentStatus: 'captured', amountCapturedPence: accepted.totalPricePence, packagePurchaseId: SERIES_ID });
  });

  it('reads as paid by card before and after its capture, and a package series’ session does not', () => {
    expect(paidWithSeriesCard(held())).toBe(true);
    expect(paidWithSeriesCard({ seriesId: SERIES_ID, packagePurchaseId: SERIES_ID })).toBe(true);
    expect(paidWithSeriesCard({ seriesId: SERIES_ID, packagePurchaseId: OTHER_PURCHASE })).toBe(false);
    expect(paidWithSeriesCard({ seriesId: null, packagePurchaseId: null })).toBe(false);
  });
});
