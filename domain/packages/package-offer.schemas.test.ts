import { describe, expect, it } from 'vitest';
import { parseForm } from '../validation/parse-form';
import { packageOfferFormSchema } from './package-offer.schemas';

describe('the coach’s package form', () => {
  it('reads the typed numbers and turns the price in pounds into pence', () => {
    const parsed = parseForm(packageOfferFormSchema, { sessions: '5', durationMinutes: '60', pricePounds: '200', validityWeeks: '8', title: '  Summer block ' });
    expect(parsed).toEqual({ ok: true, value: { sessions: 5, durationMinutes: 60, totalPricePence: 20000, validityWeeks: 8, title: 'Summer block' } });
  });

  it('leaves what is not a number as NaN for the package rules to refuse in their own words', () => {
    const parsed = parseForm(packageOfferFormSchema, { sessions: 'five', durationMinutes: '', pricePounds: 'lots', validityWeeks: undefined });
    expect(parsed.ok && parsed.value).toMatchObject({ sessions: Number.NaN, durationMinutes: Number.NaN, totalPricePence: Number.NaN, validityWeeks: Number.NaN, title: null });
  });

  it('refuses a title longer than sixty characters', () => {
    const parsed = parseForm(packageOfferFormSchema, { sessions: '5', durationMinutes: '60', pricePounds: '200', validityWeeks: '8', title: 'x'.repeat(61) });
    expect(parsed.ok ? null : parsed.error.fieldErrors).toEqual({ title: ['The title can be at most 60 characters.'] });
  });
});
