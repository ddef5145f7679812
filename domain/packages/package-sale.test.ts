import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CreditState } from './package-purchase';
import { packageName, packageSaleSummary, packageSessionLabel, saleCountsText } from './package-sale';
import { sessionPrices } from './session-prices';

const KINDS: readonly CreditState['kind'][] = ['available', 'booked', 'used', 'released', 'refunded', 'charged_back'];

describe('a package sale on the coach’s Earnings', () => {
  it('is named by its title, or by its terms when it has none', () => {
    expect(packageName({ title: 'Spring block', sessions: 5, durationMinutes: 60 })).toBe('Spring block');
    expect(packageName({ title: null, sessions: 5, durationMinutes: 60 })).toBe('5 × 60 min');
  });

  it('labels a session by its place in the package, counting from one', () => {
    expect(packageSessionLabel({ title: null, sessions: 5, durationMinutes: 90 }, 1)).toBe('Session 2 of 5 · 5 × 90 min');
    expect(packageSessionLabel({ title: 'Spring block', sessions: 3, durationMinutes: 60 }, 2)).toBe('Session 3 of 3 · Spring block');
  });

  it('counts each session where it stands and refunds the refunded credits at their own prices, the remainder on the last', () => {
    // £100.01 over 3: 33.33, 33.33, 33.35 — the last two refunded.
    const summary = packageSaleSummary({ title: null, sessions: 3, durationMinutes: 60, totalPricePence: 10_001, credits: ['released', 'refunded', 'refunded'] });
    expect(summary).toEqual({
      pricePence: 10_001,
      counts: { released: 1, used: 0, booked: 0, left: 0, refunded: 2, charged_back: 0 },
      refundedPence: 3333 + 3335,
      segments: ['released', 'refunded', 'refunded'],
    });
    expect(saleCountsText(summary.counts)).toBe('1 released to you · 2 refunded');
  });

  it('says every state a session can be in, in the order a session moves', () => {
    const summary = packageSaleSummary({ title: 'All', sessions: 6, durationMinutes: 30, totalPricePence: 6000, credits: ['available', 'booked', 'used', 'released', 'refunded', 'charged_back'] });
    expect(saleCountsText(summary.counts)).toBe('1 released to you · 1 used, to be released · 1 booked · 1 left · 1 refunded · 1 charged back');
  });

  it('never refunds more than was paid, and counts every session once, whatever the states', () => {
    const sale = fc.integer({ min: 2, max: 20 }).chain((sessions) =>
      fc.record({
        sessions: fc.constant(sessions),
        total: fc.integer({ min: sessions, max: 1_000_000 }),
        credits: fc.array(fc.constantFrom(...KINDS), { minLength: sessions, maxLength: sessions }),
      }),
    );
    fc.assert(
      fc.property(sale, ({ sessions, total, credits }) => {
        const s = packageSaleSummary({ title: null, sessions, durationMinutes: 60, totalPricePence: total, credits });
        expect(Object.values(s.counts).reduce((a, b) => a + b, 0)).toBe(sessions);
        const prices = sessionPrices(total, sessions);
        expect(s.refundedPence).toBe(credits.reduce((sum, k, i) => sum + (k === 'refunded' ? prices[i]! : 0), 0));
        expect(s.refundedPence).toBeLessThanOrEqual(total);
      }),
    );
  });
});
