import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionPricePence, sessionPrices } from './session-prices';

describe("a package's price per session", () => {
  it('splits £100 over 3 sessions as £33.33, £33.33 and £33.34: the remainder on the last', () => {
    expect(sessionPrices(10_000, 3)).toEqual([3333, 3333, 3334]);
  });

  it('always adds up to the total exactly, with every session but the last at the rounded-down share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20 }), fc.integer({ min: 1, max: 200_000 }), (n, pounds) => {
        const total = pounds * 100;
        const prices = sessionPrices(total, n);
        expect(prices.reduce((a, b) => a + b, 0)).toBe(total);
        expect(prices.slice(0, -1).every((p) => p === Math.floor(total / n))).toBe(true);
        expect(prices[n - 1]! - prices[0]!).toBeLessThan(n);
      }),
    );
  });

  it('refuses a session that is not in the package', () => {
    expect(() => sessionPricePence(10_000, 3, 3)).toThrow(RangeError);
    expect(() => sessionPricePence(10_000, 3, -1)).toThrow(RangeError);
  });
});
