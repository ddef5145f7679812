import { invalid } from '../shared/errors';
import { utcToLondon } from '../shared/london-time';
import type { RandomSource } from '../shared/random';
import { err, ok, type Result } from '../shared/result';

/**
 * Booking references (SPEC §2, PRODUCT.md): `FACT-YYYYMMDD-XXXX`, the creation date in London and
 * four characters A-Z0-9, e.g. FACT-20250924-A7B2. Unique (the repository enforces it).
 */
export const REFERENCE_PREFIX = 'FACT-';
export const REFERENCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const REFERENCE_SUFFIX_LENGTH = 4;
export const REFERENCE_CODE_PATTERN = /^FACT-(\d{4})(\d{2})(\d{2})-([A-Z0-9]{4})$/;
export const REFERENCE_CODE_LENGTH = 'FACT-YYYYMMDD-XXXX'.length;

export const REFERENCE_MESSAGES = {
  searchRequired: 'Please enter a booking reference',
  notFound: 'No bookings found with that reference',
  invalid: 'Invalid booking reference',
} as const;

export function generateReferenceCode(createdAt: Date, random: RandomSource): string {
  const day = utcToLondon(createdAt).date.replaceAll('-', '');
  let suffix = '';
  for (let i = 0; i < REFERENCE_SUFFIX_LENGTH; i++) suffix += REFERENCE_ALPHABET[random.int(REFERENCE_ALPHABET.length)];
  return `${REFERENCE_PREFIX}${day}-${suffix}`;
}

export interface ReferenceCode {
  readonly code: string;
  /** London creation date, YYYY-MM-DD. */
  readonly date: string;
  readonly suffix: string;
}

/** Reads a whole code (case and surrounding spaces forgiven) and checks that its date exists. */
export function parseReferenceCode(text: string): Result<ReferenceCode> {
  const code = text.trim().toUpperCase();
  const m = REFERENCE_CODE_PATTERN.exec(code);
  if (!m) return err(invalid('REFERENCE_INVALID', REFERENCE_MESSAGES.invalid));
  const [, y, mo, d, suffix] = m as unknown as [string, string, string, string, string];
  const probe = new Date(Date.UTC(+y, +mo - 1, +d));
  if (probe.getUTCFullYear() !== +y || probe.getUTCMonth() !== +mo - 1 || probe.getUTCDate() !== +d)
    return err(invalid('REFERENCE_INVALID', REFERENCE_MESSAGES.invalid));
  return ok({ code, date: `${y}-${mo}-${d}`, suffix });
}

export function isReferenceCode(text: string): boolean {
  return parseReferenceCode(text).ok && text === text.trim().toUpperCase();
}

/**
 * A search text as the repository matches it (PRODUCT.md: case-insensitive, a prefix or the whole
 * code): trimmed, upper-cased, inner spaces removed, non-empty, only characters a reference can
 * hold, and no longer than a whole reference.
 */
export function normaliseReferenceSearch(text: string): Result<string> {
  const query = text.trim().toUpperCase().replace(/\s+/g, '');
  if (query.length === 0) return err(invalid('REFERENCE_SEARCH_REQUIRED', REFERENCE_MESSAGES.searchRequired, { query: [REFERENCE_MESSAGES.searchRequired] }));
  if (query.length > REFERENCE_CODE_LENGTH || !/^[A-Z0-9-]+$/.test(query))
    return err(invalid('REFERENCE_SEARCH_INVALID', REFERENCE_MESSAGES.notFound, { query: [REFERENCE_MESSAGES.notFound] }));
  return ok(query);
}
