import { offeredLengths, type SessionOffer } from '../../shared/session-lengths';
import type { Pence } from '../../shared/money';
import { err, ok, type Result } from '../../shared/result';
import { bookingErrors } from '../lifecycle/booking-errors';
import { MAX_SESSION_MINUTES, MIN_SESSION_MINUTES } from '../lifecycle/booking-rules';

/**
 * What a session of this length costs with this coach (decision 045). A coach who chose lengths
 * offers those only, each at its price; one who did not offers any whole length the server
 * accepts (30 minutes to 4 hours) at their one rate, since the price does not scale with duration.
 * The admin fee comes on top (`bookingPrice`).
 */
export function sessionPriceFor(offer: SessionOffer, durationMinutes: number): Result<Pence> {
  if (!Number.isInteger(durationMinutes)) return err(bookingErrors.durationNotWhole());
  if (durationMinutes < MIN_SESSION_MINUTES) return err(bookingErrors.durationTooShort());
  if (durationMinutes > MAX_SESSION_MINUTES) return err(bookingErrors.durationTooLong());
  if (offer.lengths.length === 0) return ok(offer.ratePence);
  const length = offeredLengths(offer).find((l) => l.minutes === durationMinutes);
  return length ? ok(length.pricePence) : err(bookingErrors.durationNotOffered(durationMinutes));
}
