import { invalid } from '../../shared/errors';
import { utcToLondon } from '../../shared/london-time';
import { err, ok, type Result } from '../../shared/result';

/**
 * Booking references (SPEC §2, PRODUCT.md): `FACT-YYYYMMDD-XXXX`, the creation date in London and
 * four characters A-Z0-9, e.g. FACT-20250924-A7B2. Unique by construction: the nth booking of a
 * London day (a database counter, BookingRepository.nextReferenceNumber) gets the nth suffix of that day's fixed
 * shuffle of the suffixes, so no two bookings of a day can share one. The first 36^4 (1 679 616)
 * bookings of a day get four characters; the next 36^5 five, and so on.
 */
export const REFERENCE_PREFIX = 'FACT-';
export const REFERENCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** The suffix of a day's first 36^4 bookings. */
export const REFERENCE_SUFFIX_LENGTH = 4;
/**
 * The longest suffix a reference can have: every suffix value and every booking number up to it
 * stays an exact JavaScript integer (36^10 and the sum of 36^4..36^10 are below 2^53).
 */
export const REFERENCE_SUFFIX_MAX_LENGTH = 10;
export const REFERENCE_CODE_PATTERN = /^FACT-(\d{4})(\d{2})(\d{2})-([A-Z0-9]{4,10})$/;
/** The length of a reference with the usual four-character suffix. */
export const REFERENCE_CODE_LENGTH = 'FACT-YYYYMMDD-XXXX'.length;
/** The longest a reference can be (the longest suffix). */
export const REFERENCE_CODE_MAX_LENGTH = REFERENCE_CODE_LENGTH - REFERENCE_SUFFIX_LENGTH + REFERENCE_SUFFIX_MAX_LENGTH;

export const REFERENCE_MESSAGES = {
  searchRequired: 'Please enter a booking reference',
  notFound: 'No bookings found with that reference',
  invalid: 'Invalid booking reference',
} as const;

/** The London day, YYYY-MM-DD, whose numbers a booking created at `createdAt` takes. */
export function referenceDay(createdAt: Date): string {
  return utcToLondon(createdAt).date;
}

const RADIX = REFERENCE_ALPHABET.length;

/**
 * The reference of the day's booking number `number` (0 for the day's first). Distinct numbers
 * of one day give distinct references; the suffix is the number's place in a shuffle of the
 * suffixes of its length, so consecutive bookings do not get neighbouring codes.
 */
export function referenceCodeFor(createdAt: Date, number: number): string {
  const day = referenceDay(createdAt).replaceAll('-', '');
  const { length, index } = suffixSlot(number);
  return `${REFERENCE_PREFIX}${day}-${encodeSuffix(shuffleSuffix(Number(day), length, index), length)}`;
}

/**
 * Which suffix length a day's booking number falls in, and its place among the suffixes of that
 * length: numbers 0 .. 36^4 - 1 take four characters, the next 36^5 take five, and so on.
 */
export function suffixSlot(number: number): { readonly length: number; readonly index: number } {
  if (!Number.isSafeInteger(number) || number < 0) throw new RangeError(`A booking number is a whole number from 0, not ${number}`);
  let index = number;
  for (let length = REFERENCE_SUFFIX_LENGTH; length <= REFERENCE_SUFFIX_MAX_LENGTH; length++) {
    const size = RADIX ** length;
    if (index < size) return { length, index };
    index -= size;
  }
  throw new RangeError(`Booking number ${number} is beyond the longest reference suffix`);
}

/** The day's booking number whose reference has this suffix (the inverse of referenceCodeFor's numbering). */
export function numberOfSuffix(day: number, suffix: string): number {
  let before = 0;
  for (let length = REFERENCE_SUFFIX_LENGTH; length < suffix.length; length++) before += RADIX ** length;
  return before + unshuffleSuffix(day, suffix.length, decodeSuffix(suffix));
}

function encodeSuffix(value: number, length: number): string {
  let text = '';
  for (let i = 0, rest = value; i < length; i++, rest = Math.floor(rest / RADIX)) text = REFERENCE_ALPHABET[rest % RADIX] + text;
  return text;
}

function decodeSuffix(suffix: string): number {
  let value = 0;
  for (const c of suffix) value = value * RADIX + REFERENCE_ALPHABET.indexOf(c);
  return value;
}

/*
 * The shuffle: a keyed Feistel network on the suffix value split in two, a high part of
 * floor(length / 2) characters and a low part of the rest. Each round adds a keyed hash of one
 * part to the other, modulo that part's size, which a round in reverse subtracts again; so every
 * round, and the whole network, is a bijection of [0, 36^length), exactly and without cycle
 * walking. The key is a fixed constant: it is not a secret, it only keeps a day's codes from
 * reading as a count. The day is hashed in too, so each day has its own shuffle and a day's
 * first booking does not get the same suffix every day.
 */
const ROUND_KEYS: readonly number[] = [0x9e3779b9, 0x7f4a7c15, 0xf39cc060, 0x5ced7a1b, 0xd1b54a32, 0x2545f491, 0xb5297a4d, 0x68e31da4];

/** One 32-bit word into a MurmurHash3-style running hash. */
function mixIn(h: number, word: number): number {
  let k = Math.imul(word | 0, 0xcc9e2d51);
  k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
  h ^= k;
  return (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
}

function roundHash(seed: number, value: number, modulus: number): number {
  let h = mixIn(seed, value);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % modulus;
}

/** Each round's key with the day and the suffix length hashed in. */
function roundSeeds(day: number, length: number): readonly number[] {
  return ROUND_KEYS.map((key) => mixIn(mixIn(key, day), length));
}

function halves(length: number): { readonly high: number; readonly low: number } {
  const highChars = Math.floor(length / 2);
  return { high: POWERS[highChars]!, low: POWERS[length - highChars]! };
}
const POWERS = Array.from({ length: REFERENCE_SUFFIX_MAX_LENGTH + 1 }, (_, n) => RADIX ** n);

/** The suffix value at place `index` of the day's shuffle of the suffixes of `length` characters. */
export function shuffleSuffix(day: number, length: number, index: number): number {
  const { high, low } = halves(length);
  const seeds = roundSeeds(day, length);
  let a = Math.floor(index / low);
  let b = index % low;
  for (let round = 0; round < seeds.length; round++) {
    if (round % 2 === 0) a = (a + roundHash(seeds[round]!, b, high)) % high;
    else b = (b + roundHash(seeds[round]!, a, low)) % low;
  }
  return a * low + b;
}

/** The place of suffix value `value` in the day's shuffle (shuffleSuffix's inverse). */
export function unshuffleSuffix(day: number, length: number, value: number): number {
  const { high, low } = halves(length);
  const seeds = roundSeeds(day, length);
  let a = Math.floor(value / low);
  let b = value % low;
  for (let round = seeds.length - 1; round >= 0; round--) {
    if (round % 2 === 0) a = (a - roundHash(seeds[round]!, b, high) + high) % high;
    else b = (b - roundHash(seeds[round]!, a, low) + low) % low;
  }
  return a * low + b;
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
  if (probe.getUTCFullYear() !== +y || probe.getUTCMonth() !== +mo - 1 || probe.getUTCDate() !== +d) return err(invalid('REFERENCE_INVALID', REFERENCE_MESSAGES.invalid));
  return ok({ code, date: `${y}-${mo}-${d}`, suffix });
}

export function isReferenceCode(text: string): boolean {
  return parseReferenceCode(text).ok && text === text.trim().toUpperCase();
}

/**
 * A search text as the repository matches it (PRODUCT.md: case-insensitive, a prefix or the whole
 * code): trimmed, upper-cased, inner spaces removed, non-empty, only characters a reference can
 * hold, and no longer than the longest reference.
 */
export function normaliseReferenceSearch(text: string): Result<string> {
  const query = text.trim().toUpperCase().replace(/\s+/g, '');
  if (query.length === 0) return err(invalid('REFERENCE_SEARCH_REQUIRED', REFERENCE_MESSAGES.searchRequired, { query: [REFERENCE_MESSAGES.searchRequired] }));
  if (query.length > REFERENCE_CODE_MAX_LENGTH || !/^[A-Z0-9-]+$/.test(query)) return err(invalid('REFERENCE_SEARCH_INVALID', REFERENCE_MESSAGES.notFound, { query: [REFERENCE_MESSAGES.notFound] }));
  return ok(query);
}
