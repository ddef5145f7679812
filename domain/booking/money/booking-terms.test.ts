import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../shared/clock';
import { at, pendingBooking, RATE_PENCE, STARTS_AT } from '../../testing/booking-fixtures';
import { bookingTerms, bookingTermsSentences, termsInstantLabel } from './booking-terms';
import { cancellationSettlement } from './cancellation-policy';

const b = pendingBooking();
const TOTAL = RATE_PENCE + 300;

describe('the terms of a booking before it is paid', () => {
  it('offers free cancellation until 24 hours before the start, then keeps the session price for the coach', () => {
    expect(bookingTerms(b, at(STARTS_AT, -48 * HOUR_MS))).toEqual({
      kind: 'free_until',
      freeUntil: at(STARTS_AT, -24 * HOUR_MS),
      totalPence: TOTAL,
      lateKeptPence: RATE_PENCE,
      lateRefundPence: 300,
    });
  });

  it('is inside the window from one millisecond after the free cancellation ends', () => {
    expect(bookingTerms(b, at(STARTS_AT, -24 * HOUR_MS)).kind).toBe('free_until');
    expect(bookingTerms(b, at(STARTS_AT, -24 * HOUR_MS + 1)).kind).toBe('within_window');
  });

  it('promises exactly what the cancellation policy then does, at any time of paying and cancelling', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_00 }), fc.integer({ min: -90 * 24 * 60, max: 0 }), fc.integer({ min: 0, max: 90 * 24 * 60 }), (price, paidMinutes, minutesLater) => {
        // A cancellation comes after the payment (and may come after the start).
        const cancelMinutes = paidMinutes + minutesLater;
        const priced = { ...b, servicePricePence: price, totalPricePence: price + 300 };
        const paidAt = at(STARTS_AT, paidMinutes * MINUTE_MS);
        const terms = bookingTerms(priced, paidAt);
        const cancelledAt = at(STARTS_AT, cancelMinutes * MINUTE_MS);
        const settled = cancellationSettlement(priced, 'confirmed', 'client', cancelledAt);
        expect(terms.lateKeptPence + terms.lateRefundPence).toBe(priced.totalPricePence);
        const free = terms.kind === 'free_until' && cancelledAt.getTime() <= terms.freeUntil.getTime();
        expect(settled.refundPence).toBe(free ? priced.totalPricePence : terms.lateRefundPence);
        if (terms.kind === 'within_window') expect(settled.refundPence).toBe(terms.lateRefundPence);
      }),
    );
  });

  it('says the terms in pounds and London times', () => {
    // 2026-03-05 15:00 UTC start: free until Wed 4 Mar, 15:00 (GMT).
    expect(bookingTermsSentences(bookingTerms(b, at(STARTS_AT, -48 * HOUR_MS)))).toEqual(['Free cancellation until Wed 4 Mar, 15:00. After that £50.00 goes to the coach and £3.00 is refunded.']);
  });

  it('says plainly inside the window that the session price will not be refunded once accepted', () => {
    const words = bookingTermsSentences(bookingTerms(b, at(STARTS_AT, -21 * HOUR_MS)), 'Sam');
    expect(words[0]).toBe(
      'This session starts within 24 hours, so once Sam accepts it can no longer be cancelled for a refund of the session price: if you cancel then, £50.00 goes to the coach and £3.00 is refunded.',
    );
    expect(words[1]).toBe('Until Sam accepts, cancelling releases the full £53.00 held on your card.');
  });

  it('does not promise a release until acceptance for a booking the coach has already accepted', () => {
    const words = bookingTermsSentences(bookingTerms(b, at(STARTS_AT, -21 * HOUR_MS)), 'Sam', { accepted: true });
    expect(words).toEqual([
      'This session starts within 24 hours and Sam has accepted it, so it can no longer be cancelled for a refund of the session price: if you cancel, £50.00 goes to the coach and £3.00 is refunded.',
    ]);
  });

  it('writes the day in London time across the clock change', () => {
    expect(termsInstantLabel(new Date('2026-12-02T18:00:00Z'))).toBe('Wed 2 Dec, 18:00');
    expect(termsInstantLabel(new Date('2026-07-01T17:00:00Z'))).toBe('Wed 1 Jul, 18:00');
    expect(termsInstantLabel(new Date('2026-03-28T23:30:00Z'))).toBe('Sat 28 Mar, 23:30');
    expect(termsInstantLabel(new Date('2026-03-29T23:30:00Z'))).toBe('Mon 30 Mar, 00:30');
  });
});
