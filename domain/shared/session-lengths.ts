import type { Pence } from './money';

/**
 * The session lengths a coach offers, each at its own price (like a calendar tool's event types).
 * A coach who never chose any offers every length at their one per-session rate: SPEC's 'price
 * does not scale with duration' stays the default (decision 045).
 */

/** The lengths a coach may choose, in minutes (SPEC's booking dialog durations). */
export const SESSION_LENGTHS = [30, 60, 90, 120] as const;
export type SessionMinutes = (typeof SESSION_LENGTHS)[number];

/** One length a coach offers and what a session of it costs. */
export interface SessionLengthPrice {
  readonly minutes: SessionMinutes;
  readonly pricePence: Pence;
}

/** What a coach charges: the rate, and the lengths they chose (none chosen: every length at the rate). */
export interface SessionOffer {
  readonly ratePence: Pence;
  readonly lengths: readonly SessionLengthPrice[];
}

export function isSessionMinutes(value: number): value is SessionMinutes {
  return (SESSION_LENGTHS as readonly number[]).includes(value);
}

/** The lengths in the dialog's order, each once (the first of a repeated length wins). */
export function sortedLengths(lengths: readonly SessionLengthPrice[]): readonly SessionLengthPrice[] {
  const seen = new Set<number>();
  return [...lengths].filter((l) => (seen.has(l.minutes) ? false : (seen.add(l.minutes), true))).sort((a, b) => a.minutes - b.minutes);
}

/**
 * What the coach's form saves. Every length offered at the rate is the default itself, so it is
 * kept as 'none chosen': a later change of the rate then moves every price, as it always did.
 */
export function chosenLengths(ratePence: Pence, lengths: readonly SessionLengthPrice[]): readonly SessionLengthPrice[] {
  const sorted = sortedLengths(lengths);
  const isDefault = sorted.length === SESSION_LENGTHS.length && sorted.every((l) => l.pricePence === ratePence);
  return isDefault ? [] : sorted;
}

/** The lengths the booking dialog lists, each with its price: the chosen ones, or all four at the rate. */
export function offeredLengths(offer: SessionOffer): readonly SessionLengthPrice[] {
  if (offer.lengths.length > 0) return sortedLengths(offer.lengths);
  return SESSION_LENGTHS.map((minutes) => ({ minutes, pricePence: offer.ratePence }));
}

/** The least price a coach offers: the coach card's 'from £X', and what search filters and sorts by. */
export function fromPrice(offer: SessionOffer): Pence {
  return offeredLengths(offer).reduce((least, l) => Math.min(least, l.pricePence), Number.POSITIVE_INFINITY);
}

/** Whether the coach's prices differ by length (the card then says 'from'). */
export function pricesVary(offer: SessionOffer): boolean {
  return new Set(offeredLengths(offer).map((l) => l.pricePence)).size > 1;
}

/** SPEC's booking dialog opens on an hour. */
const USUAL_MINUTES: SessionMinutes = 60;

/**
 * The length a booking is for when the person asked for `asked` (or nothing): that length when
 * the coach offers it, else the hour, else the coach's shortest. The card's 'Next available', the
 * dialog's first choice and the server's answer all follow it, so they name the same length.
 */
export function lengthToBook(offer: SessionOffer, asked?: number): SessionMinutes {
  const lengths = offeredLengths(offer);
  const offers = (minutes: number) => lengths.some((l) => l.minutes === minutes);
  if (asked !== undefined && isSessionMinutes(asked) && offers(asked)) return asked;
  if (offers(USUAL_MINUTES)) return USUAL_MINUTES;
  return lengths[0]?.minutes ?? USUAL_MINUTES;
}
