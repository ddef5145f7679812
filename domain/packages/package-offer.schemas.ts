import * as z from 'zod';
import { optionalText } from '../validation/fields';
import { PACKAGE_MESSAGES, PACKAGE_RULES, type PackageOfferForm } from './package-offer';

/** What was typed in a number field: a finite number, or null when it is not one. */
const typed = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * The coach's package form. It turns what was typed into numbers and clean text, refusing what is
 * not a number with the package rules' own words; the rules (validatePackageTerms) then decide
 * what is allowed. Errors are keyed as the rules key them (the price as totalPricePence).
 */
export const packageOfferFormSchema = z
  .object({
    sessions: z.unknown(),
    durationMinutes: z.unknown(),
    pricePounds: z.unknown(),
    validityWeeks: z.unknown(),
    title: optionalText(PACKAGE_RULES.maxTitleLength, PACKAGE_MESSAGES.title),
  })
  .transform((f, ctx): PackageOfferForm => {
    const sessions = typed(f.sessions);
    const durationMinutes = typed(f.durationMinutes);
    const pounds = typed(f.pricePounds);
    const validityWeeks = typed(f.validityWeeks);
    const missing: [string, number | null, string][] = [
      ['sessions', sessions, PACKAGE_MESSAGES.sessions],
      ['durationMinutes', durationMinutes, PACKAGE_MESSAGES.durationMinutes],
      ['totalPricePence', pounds, PACKAGE_MESSAGES.wholePounds],
      ['validityWeeks', validityWeeks, PACKAGE_MESSAGES.validityWeeks],
    ];
    for (const [path, value, message] of missing) if (value === null) ctx.addIssue({ code: 'custom', message, path: [path] });
    if (sessions === null || durationMinutes === null || pounds === null || validityWeeks === null) return z.NEVER;
    // Pence from pounds without float drift: 200 → 20000, 200.5 → 20050 (refused: whole pounds only).
    return { sessions, durationMinutes, totalPricePence: Math.round(pounds * 100), validityWeeks, title: f.title ?? null };
  });
