import { conflict, invalid, type DomainError } from '../../shared/errors';
import type { Id } from '../../shared/ids';
import type { Pence } from '../../shared/money';
import { err, ok, type Result } from '../../shared/result';
import { SERIES_RULES } from './weekly-series';

/**
 * A weekly series (decision 062): sessions asked for together, the same slot each week (or a
 * date moved by the client to another free time), answered by the coach in one decision. Each
 * session is its own booking with its own reference.
 */
export interface BookingSeries {
  readonly id: Id;
  readonly clientId: Id;
  readonly coachId: Id;
  /**
   * How it is paid: from a package's credits (decision 062), or in full up front by card, held
   * until the coach answers and captured for the sessions they accept (decision 064).
   */
  readonly paidBy: 'package' | 'card';
  /** The purchase that pays for it: the package; for a card series, the purchase its capture made. */
  readonly packagePurchaseId: Id | null;
  readonly sessions: number;
  /** A card series pays the admin fee once, with its payment; a package series paid it with the package. */
  readonly adminFeePence: Pence;
  /** A card series' one payment for all its sessions. */
  readonly paymentIntentId: string | null;
  /** When that payment was authorised: the request then reaches the coach. */
  readonly authorizedAt: Date | null;
  /** When a card series' payment was captured for the sessions accepted, or given back with none. */
  readonly settledAt: Date | null;
  readonly createdAt: Date;
}

export const seriesErrors = {
  size: (): DomainError =>
    invalid('SERIES_SIZE', `A weekly series has ${SERIES_RULES.minWeeks} to ${SERIES_RULES.maxWeeks} sessions.`, { series: [`Choose ${SERIES_RULES.minWeeks} to ${SERIES_RULES.maxWeeks} sessions.`] }),
  repeated: (): DomainError => invalid('SERIES_REPEATED_DATE', 'Each session of a series needs its own date and time.', { series: ['Each session of a series needs its own date and time.'] }),
  notEnoughCredits: (left: number, asked: number): DomainError =>
    conflict('SERIES_NOT_ENOUGH_CREDITS', `Your package has ${left} ${left === 1 ? 'session' : 'sessions'} left, not ${asked}: choose fewer dates.`),
  notFree: (when: string): DomainError => conflict('SERIES_DATE_NOT_FREE', `The coach is not free on ${when}: drop that date or move it to another time.`),
};

/** The sessions' starts as asked: 2–12, each once, in order. */
export function seriesStartsAsked(starts: readonly Date[]): Result<readonly Date[]> {
  if (starts.length < SERIES_RULES.minWeeks || starts.length > SERIES_RULES.maxWeeks) return err(seriesErrors.size());
  const sorted = [...starts].sort((a, b) => a.getTime() - b.getTime());
  if (new Set(sorted.map((d) => d.getTime())).size !== sorted.length) return err(seriesErrors.repeated());
  return ok(sorted);
}
