import { DAY_MS } from '../../shared/clock';
import type { Booking } from '../lifecycle/booking';

/**
 * PRODUCT.md 'Open browsing, clear terms' (decision 050): a paid request waits for the coach's
 * answer until the earlier of 6 days after its payment was authorised and the session's start.
 * A card hold with manual capture lapses after about 7 days; answering within 6 leaves a day's
 * margin, so an accepted request is always captured on a live authorisation.
 */

/** How long a coach has to answer a paid request, counted from the authorisation. */
export const RESPONSE_WINDOW_MS = 6 * DAY_MS;
/** How long a card authorisation with manual capture lives before the card network voids it. */
export const AUTHORISATION_LIFETIME_MS = 7 * DAY_MS;
/** The reason recorded when a request expires unanswered (the same words for both sides). */
export const REQUEST_EXPIRED_REASON = 'The coach did not respond in time';

type DeadlineFields = Pick<Booking, 'startsAt' | 'authorizedAt'>;

/**
 * When the coach's time to answer ends. A request never authorised has no hold to protect: only
 * the session's start bounds it (the 30-minute unpaid expiry ends it long before).
 */
export function responseDeadline(b: DeadlineFields): Date {
  if (b.authorizedAt === null) return b.startsAt;
  return new Date(Math.min(b.authorizedAt.getTime() + RESPONSE_WINDOW_MS, b.startsAt.getTime()));
}

/** At the deadline itself the request has expired: an answer must come strictly before it. */
export function isPastResponseDeadline(b: DeadlineFields, now: Date): boolean {
  return now.getTime() >= responseDeadline(b).getTime();
}

/** The latest authorisation time whose 6 days are over at `now` (the expiry query's cut-off). */
export function authorisedNoLaterThanForExpiry(now: Date): Date {
  return new Date(now.getTime() - RESPONSE_WINDOW_MS);
}
