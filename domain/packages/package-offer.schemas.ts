import * as z from 'zod';
import { optionalText } from '../validation/fields';
import { PACKAGE_RULES, type PackageOfferForm } from './package-offer';

/** A number field as typed; anything that is not a number becomes NaN, which the rules refuse with their own words. */
const typedNumber = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : Number.NaN), z.number().or(z.nan()));

/**
 * The coach's package form. It only turns what was typed into numbers and clean text; the
 * package rules (validatePackageTerms) decide what is allowed and say why not.
 */
export const packageOfferFormSchema = z
  .object({
    sessions: typedNumber,
    durationMinutes: typedNumber,
    pricePounds: typedNumber,
    validityWeeks: typedNumber,
    title: optionalText(PACKAGE_RULES.maxTitleLength, `The title can be at most ${PACKAGE_RULES.maxTitleLength} characters.`),
  })
  .transform((f): PackageOfferForm => ({
    sessions: f.sessions,
    durationMinutes: f.durationMinutes,
    // Pence from pounds without float drift: 200 → 20000, 200.5 → 20050 (refused: whole pounds only).
    totalPricePence: Number.isFinite(f.pricePounds) ? Math.round(f.pricePounds * 100) : Number.NaN,
    validityWeeks: f.validityWeeks,
    title: f.title ?? null,
  }));
