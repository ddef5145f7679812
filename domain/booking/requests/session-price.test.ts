import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SESSION_LENGTHS, chosenLengths, fromPrice, offeredLengths, pricesVary, type SessionLengthPrice, type SessionOffer } from '../../shared/session-lengths';
import { ADMIN_FEE_PENCE } from '../../shared/money';
import { bookingPrice } from './booking-price';
import { sessionPriceFor } from './session-price';

const price = fc.integer({ min: 100, max: 100_000 });
/** Any non-empty choice of lengths, each with a price. */
const chosen: fc.Arbitrary<SessionLengthPrice[]> = fc
  .subarray([...SESSION_LENGTHS], { minLength: 1 })
  .chain((minutes) => fc.tuple(...minutes.map((m) => price.map((pricePence) => ({ minutes: m, pricePence })))));
const offer: fc.Arbitrary<SessionOffer> = fc.record({ ratePence: price, lengths: fc.oneof(fc.constant([]), chosen) });

describe('sessionPriceFor', () => {
  it('charges a coach who chose no lengths their one rate for every length from 30 minutes to 4 hours', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 30, max: 240 }), (ratePence, minutes) => {
        expect(sessionPriceFor({ ratePence, lengths: [] }, minutes)).toEqual({ ok: true, value: ratePence });
      }),
    );
  });

  it('charges the price of the chosen length, whatever the rate', () => {
    fc.assert(
      fc.property(price, chosen, (ratePence, lengths) => {
        for (const l of lengths) expect(sessionPriceFor({ ratePence, lengths }, l.minutes)).toEqual({ ok: true, value: l.pricePence });
      }),
    );
  });

  it('refuses every length a coach who chose lengths does not offer, naming it', () => {
    fc.assert(
      fc.property(price, chosen, fc.integer({ min: 30, max: 240 }), (ratePence, lengths, minutes) => {
        fc.pre(!lengths.some((l) => l.minutes === minutes));
        const result = sessionPriceFor({ ratePence, lengths }, minutes);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error).toMatchObject({ kind: 'invalid', code: 'DURATION_NOT_OFFERED', message: `This coach does not offer ${minutes}-minute sessions.` });
      }),
    );
  });

  it('refuses lengths outside 30 minutes to 4 hours, and parts of a minute, for every coach', () => {
    fc.assert(
      fc.property(offer, fc.oneof(fc.integer({ min: -1000, max: 29 }), fc.integer({ min: 241, max: 10_000 }), fc.double({ min: 30.01, max: 239.99, noNaN: true })), (o, minutes) => {
        expect(sessionPriceFor(o, minutes).ok).toBe(false);
      }),
    );
  });

  it('says the 45-minute refusal in words', () => {
    const result = sessionPriceFor({ ratePence: 4000, lengths: [{ minutes: 60, pricePence: 4000 }] }, 45);
    expect(result.ok ? null : result.error.message).toBe('This coach does not offer 45-minute sessions.');
  });

  it('makes the total of every offered length its price plus the £3 admin fee', () => {
    fc.assert(
      fc.property(offer, (o) => {
        for (const l of offeredLengths(o)) {
          const session = sessionPriceFor(o, l.minutes);
          if (!session.ok) throw new Error(session.error.message);
          expect(bookingPrice(session.value).totalPricePence).toBe(l.pricePence + ADMIN_FEE_PENCE);
        }
      }),
    );
  });
});

describe('the offered lengths and the from price', () => {
  it('offers all four lengths at the rate when none were chosen', () => {
    expect(offeredLengths({ ratePence: 4300, lengths: [] })).toEqual(SESSION_LENGTHS.map((minutes) => ({ minutes, pricePence: 4300 })));
  });

  it('makes the from price the least offered price, and one every offered length reaches', () => {
    fc.assert(
      fc.property(offer, (o) => {
        const least = fromPrice(o);
        const prices = offeredLengths(o).map((l) => l.pricePence);
        expect(prices.every((p) => p >= least)).toBe(true);
        expect(prices).toContain(least);
        expect(pricesVary(o)).toBe(prices.some((p) => p !== least));
      }),
    );
  });

  it('keeps every length at the rate as no choice, so a later rate change moves every price', () => {
    fc.assert(
      fc.property(price, (ratePence) => {
        expect(
          chosenLengths(
            ratePence,
            SESSION_LENGTHS.map((minutes) => ({ minutes, pricePence: ratePence })),
          ),
        ).toEqual([]);
      }),
    );
  });

  it('keeps any other choice as chosen, in length order', () => {
    fc.assert(
      fc.property(price, chosen, (ratePence, lengths) => {
        const all = lengths.length === SESSION_LENGTHS.length && lengths.every((l) => l.pricePence === ratePence);
        fc.pre(!all);
        const kept = chosenLengths(ratePence, [...lengths].reverse());
        expect(kept.map((l) => l.minutes)).toEqual([...lengths].map((l) => l.minutes).sort((a, b) => a - b));
      }),
    );
  });
});
