import { describe, expect, it } from 'vitest';
import { parseForm } from '../validation/parse-form';
import { packageOfferFormSchema } from './package-offer.schemas';

describe('the coach’s package form', () => {
  it('reads the typed numbers and turns the price in pounds into pence', () => {
    const parsed = parseForm(packageOfferFormSchema, { sessions: '5', durationMinutes: '60', pricePounds: '200', validityWeeks: '8', title: '  Summer block ' });
    expect(parsed).toEqual({ ok: true, value: { sessions: 5, durationMinutes: 60, totalPricePence: 20000, validityWeeks: 8, title: 'Summer block' } });
  });

  it('refuses what is not a number with the package rules’ own words, keyed as the rules key them', () => {
    const parsed = parseForm(packageOfferFormSchema, { sessions: 'five', durationMinutes: '', pricePounds: 'lots', validityWeeks: undefined });
    expect(parsed.ok ? null : parsed.error.fieldErrors).toEqual({
      sessions: ['A package has 2 to 20 sessions.'],
      durationMinutes: ['Choose one of the session lengths you offer.'],
      totalPricePence: ['The price must be a whole number of pounds.'],
      validityWeeks: ['A package is valid for 4 to 52 weeks.'],
    });
  });

  it('refuses a title longer than sixty characters', () => {
    const parsed = parseForm(packageOfferFormSchema, { sessions: '5', durationMinutes: '60', pricePounds: '200', validityWeeks: '8', title: 'x'.repeat(61) });
    expect(parsed.ok ? null : parsed.error.fieldErrors).toEqual({ title: ['The title can be at most 60 characters.'] });
  });
});
