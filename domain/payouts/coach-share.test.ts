import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancellationSettlement } from '../booking/money/cancellation-policy';
import { coachShareOf, commissionOf, expectedCoachSharePence } from './coach-share';

const priced = (servicePricePence: number, adminFeePence = 300) => ({ servicePricePence, adminFeePence, totalPricePence: servicePricePence + adminFeePence });

describe('the coach’s share of what the client paid', () => {
  it('gives the coach the whole session price and the platform the admin fee when the commission is 0', () => {
    const share = coachShareOf({ ...priced(5000), status: 'completed', amountCapturedPence: 5300, amountRefundedPence: 0 }, 0);
    expect(share).toMatchObject({ netPaidPence: 5300, coachSharePence: 5000, platformSharePence: 300, commissionPence: 0 });
  });

  it('takes a commission on the session price, rounded down in the coach’s favour', () => {
    expect(commissionOf(4999, 1000)).toBe(499);
    const share = coachShareOf({ ...priced(4999), status: 'completed', amountCapturedPence: 5299, amountRefundedPence: 0 }, 1000);
    expect(share).toMatchObject({ coachSharePence: 4500, platformSharePence: 799 });
  });

  it('pays the coach the session price of a late cancellation, whose refund was the admin fee', () => {
    const share = coachShareOf({ ...priced(5000), status: 'cancelled', amountCapturedPence: 5300, amountRefundedPence: 300 }, 0);
    expect(share).toMatchObject({ coachSharePence: 5000, platformSharePence: 0 });
  });

  it('takes a partial dispute refund out of the session price, the platform keeping its fee', () => {
    const share = coachShareOf({ ...priced(5000), status: 'completed', amountCapturedPence: 5300, amountRefundedPence: 2000 }, 0);
    expect(share).toMatchObject({ coachSharePence: 3000, platformSharePence: 300 });
  });

  it('leaves the coach nothing when the refund is larger than the session price', () => {
    const share = coachShareOf({ ...priced(5000), status: 'completed', amountCapturedPence: 5300, amountRefundedPence: 5200 }, 0);
    expect(share).toMatchObject({ coachSharePence: 0, platformSharePence: 100 });
  });

  it('adds up for every price, commission, cancellation and dispute path: coach + platform + refunds = what the client paid', () => {
    const path = fc.oneof(
      // Completed, with no refund or a dispute refund of any size.
      fc.record({ kind: fc.constant('completed' as const), refundShare: fc.double({ min: 0, max: 1, noNaN: true }) }),
      // Cancelled after acceptance by either party at any time before the start.
      fc.record({
        kind: fc.constant('cancelled' as const),
        by: fc.constantFrom('client' as const, 'coach' as const, 'admin' as const, 'system' as const),
        hoursBefore: fc.integer({ min: 0, max: 200 }),
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 100_000 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 10_000 }), path, (price, fee, bps, p) => {
        const booking = priced(price, fee);
        const captured = booking.totalPricePence;
        let refunded: number;
        let status: 'completed' | 'cancelled';
        if (p.kind === 'completed') {
          status = 'completed';
          refunded = Math.floor(captured * p.refundShare);
        } else {
          status = 'cancelled';
          const startsAt = new Date(Date.UTC(2027, 0, 10, 10));
          const at = new Date(startsAt.getTime() - p.hoursBefore * 3_600_000);
          refunded = cancellationSettlement({ ...booking, startsAt }, 'confirmed', p.by, at).refundPence;
        }
        const share = coachShareOf({ ...booking, status, amountCapturedPence: captured, amountRefundedPence: refunded }, bps);
        expect(share.coachSharePence + share.platformSharePence + refunded).toBe(captured);
        expect(share.coachSharePence).toBeGreaterThanOrEqual(0);
        expect(share.platformSharePence).toBeGreaterThanOrEqual(0);
        expect(share.coachSharePence).toBeLessThanOrEqual(price);
        if (refunded === 0 && status === 'completed') expect(share.platformSharePence).toBeGreaterThanOrEqual(fee);
      }),
    );
  });

  it('tells the coach of a request what they will earn: the session price less the commission', () => {
    expect(expectedCoachSharePence(priced(5000), 0)).toBe(5000);
    expect(expectedCoachSharePence(priced(4999), 1000)).toBe(4500);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 10_000 }), (price, bps) => {
        const earned = expectedCoachSharePence(priced(price), bps);
        expect(earned).toBe(coachShareOf({ ...priced(price), status: 'completed', amountCapturedPence: price + 300, amountRefundedPence: 0 }, bps).coachSharePence);
        expect(earned).toBeLessThanOrEqual(price);
      }),
    );
  });
});
