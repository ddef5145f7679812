import { describe, expect, it } from 'vitest';
import type { SessionOffer } from '../shared/session-lengths';
import { canOfferAnother, packageSaving, validatePackageTerms, type PackageOfferForm } from './package-offer';

const coach: SessionOffer = { ratePence: 4000, lengths: [] };
const form = (patch: Partial<PackageOfferForm> = {}): PackageOfferForm => ({ sessions: 5, durationMinutes: 60, totalPricePence: 18_000, validityWeeks: 12, title: ' Summer block ', ...patch });
const messageOf = (f: PackageOfferForm, offer = coach) => {
  const r = validatePackageTerms(f, offer);
  return r.ok ? 'OK' : r.error.message;
};

describe("a coach's package offer", () => {
  it('accepts 5 × 60 min for £180 over 12 weeks and trims the title', () => {
    const r = validatePackageTerms(form(), coach);
    expect(r.ok && r.value).toMatchObject({ sessions: 5, durationMinutes: 60, totalPricePence: 18_000, validityWeeks: 12, title: 'Summer block' });
  });

  it('holds the number of sessions to 2–20 and the validity to 4–52 weeks', () => {
    expect(messageOf(form({ sessions: 1 }))).toBe('A package has 2 to 20 sessions.');
    expect(messageOf(form({ sessions: 21 }))).toBe('A package has 2 to 20 sessions.');
    expect(messageOf(form({ sessions: 20, totalPricePence: 80_000 }))).toBe('OK');
    expect(messageOf(form({ validityWeeks: 3 }))).toBe('A package is valid for 4 to 52 weeks.');
    expect(messageOf(form({ validityWeeks: 53 }))).toBe('A package is valid for 4 to 52 weeks.');
  });

  it('prices in whole pounds, never above the same sessions bought singly', () => {
    expect(messageOf(form({ totalPricePence: 18_050 }))).toBe('The price must be a whole number of pounds.');
    expect(messageOf(form({ totalPricePence: 20_000 }))).toBe('OK');
    expect(messageOf(form({ totalPricePence: 20_100 }))).toBe("A package can't cost more than 5 single sessions (£200.00).");
  });

  it("offers only a length the coach sells, at that length's own price", () => {
    const lengths = {
      ratePence: 4000,
      lengths: [
        { minutes: 30 as const, pricePence: 2500 },
        { minutes: 90 as const, pricePence: 5500 },
      ],
    };
    expect(messageOf(form({ durationMinutes: 60 }), lengths)).toBe('Choose one of the session lengths you offer.');
    expect(messageOf(form({ durationMinutes: 30, totalPricePence: 12_500 }), lengths)).toBe('OK');
    expect(messageOf(form({ durationMinutes: 30, totalPricePence: 13_000 }), lengths)).toBe("A package can't cost more than 5 single sessions (£125.00).");
  });

  it('allows three packages on sale at a time; a retired one does not count', () => {
    const on = { retiredAt: null };
    const off = { retiredAt: new Date() };
    expect(canOfferAnother([on, on]).ok).toBe(true);
    expect(canOfferAnother([on, on, off]).ok).toBe(true);
    const full = canOfferAnother([on, on, on]);
    expect(!full.ok && full.error.message).toBe('You can offer up to 3 packages. Retire one to add another.');
  });

  it('states the saving against single sessions, rounded down to a whole per cent', () => {
    expect(packageSaving({ sessions: 5, totalPricePence: 18_000 }, 4000)).toEqual({ singlesPence: 20_000, savingPence: 2000, savingPercent: 10 });
    expect(packageSaving({ sessions: 3, totalPricePence: 11_000 }, 4000)).toEqual({ singlesPence: 12_000, savingPence: 1000, savingPercent: 8 });
  });
});
