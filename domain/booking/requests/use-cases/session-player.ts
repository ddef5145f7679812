import type { Repositories } from '../../../repositories';
import { ok, type Result } from '../../../shared/result';
import type { Booking } from '../../lifecycle/booking';
import { checkCoachCoachesPlayer } from '../../../accounts/players/booking-player';

/**
 * The age-group rule for the session a booking is about to have (decision 034): asked when the
 * coach accepts and when a new time is proposed or accepted, with the player's current date of
 * birth and the coach's current groups, read in `tx` with the player's row locked FOR SHARE (so
 * a date-of-birth change waits for this booking, and this booking for it). A booking for the
 * client themself is not age-checked.
 */
export async function checkSessionPlayer(tx: Repositories, booking: Booking, startsAt: Date, field?: 'playerId' | 'date'): Promise<Result<void>> {
  if (!booking.playerId) return ok(undefined);
  const found = await tx.players.findForSession(booking.playerId, booking.coachId);
  // The row goes only with the guardian's erasure, which also clears the booking's player.
  if (!found) return ok(undefined);
  const coached = checkCoachCoachesPlayer(found.player, found.coach, startsAt, field);
  return coached.ok ? ok(undefined) : coached;
}
