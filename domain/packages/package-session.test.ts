import { describe, expect, it } from 'vitest';
import { acceptBooking, cancelBooking, declineBooking } from '../booking/lifecycle/booking-decisions';
import { HOUR_MS } from '../shared/clock';
import { unwrap } from '../shared/result';
import { client, coach, NOW, pendingBooking, STARTS_AT } from '../testing/booking-fixtures';
import { paidFromCredit, settleOnPackage } from './package-session';

const PURCHASE_ID = '77777777-7777-4777-8777-777777777777';
const fromPackage = () => paidFromCredit(pendingBooking(), { purchaseId: PURCHASE_ID, pricePence: 4000 }, NOW);

describe('a session paid with a package credit', () => {
  it('is paid from the start at its credit’s price, with no admin fee and no card payment of its own', () => {
    expect(fromPackage()).toMatchObject({
      servicePricePence: 4000,
      adminFeePence: 0,
      totalPricePence: 4000,
      paymentStatus: 'captured',
      amountCapturedPence: 4000,
      paymentIntentId: null,
      packagePurchaseId: PURCHASE_ID,
    });
  });

  it('is accepted with nothing to capture', () => {
    expect(unwrap(acceptBooking(fromPackage(), coach, NOW)).effects).toEqual([]);
  });

  it('gives its credit back when declined, recording its price as returned and moving no card money', () => {
    const before = fromPackage();
    const settled = settleOnPackage(before, unwrap(declineBooking(before, coach, { reason: 'Away' }, NOW)), NOW);
    expect(settled.move).toBe('return');
    expect(settled.change.effects).toEqual([]);
    expect(settled.change.booking).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', amountRefundedPence: 4000 });
  });

  it('gives its credit back when the client cancels 24 hours or more ahead, and uses it when later', () => {
    const confirmed = unwrap(acceptBooking(fromPackage(), coach, NOW)).booking;
    const early = settleOnPackage(confirmed, unwrap(cancelBooking(confirmed, client, { reason: 'Ill' }, NOW)), NOW);
    expect(early.move).toBe('return');
    const late = new Date(STARTS_AT.getTime() - 2 * HOUR_MS);
    const lateChange = settleOnPackage(confirmed, unwrap(cancelBooking(confirmed, client, { reason: 'Ill' }, late)), late);
    expect(lateChange.move).toBe('use');
    expect(lateChange.change.booking).toMatchObject({ status: 'cancelled', paymentStatus: 'captured', amountRefundedPence: 0 });
  });

  it('gives its credit back when the coach cancels, however late', () => {
    const confirmed = unwrap(acceptBooking(fromPackage(), coach, NOW)).booking;
    const late = new Date(STARTS_AT.getTime() - HOUR_MS);
    expect(settleOnPackage(confirmed, unwrap(cancelBooking(confirmed, coach, { reason: 'Injured' }, late)), late).move).toBe('return');
  });
});
