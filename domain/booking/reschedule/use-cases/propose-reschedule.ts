import type { Actor } from '../../../policy/actor';
import type { Id } from '../../../shared/ids';
import { err, ok, type Result } from '../../../shared/result';
import { endsAt, type Booking } from '../../lifecycle/booking';
import { bookingErrors } from '../../lifecycle/booking-errors';
import { isStillOffered } from '../../requests/offered-slot';
import { proposeReschedule as propose } from '../reschedule';
import { commitChange, type BookingUseCaseDeps } from '../../lifecycle/use-cases/change-booking';
import { checkSessionPlayer } from '../../requests/use-cases/session-player';

/**
 * A party proposes a new time. The slot engine must offer it for a reschedule (decision 044: the
 * coach's hours, the other sessions and their buffers, blocked times, the notice), and coach the player's age group on the new date (a birthday may fall
 * between the two dates), so that the other party is only asked about a time that can work.
 */
export async function proposeReschedule(deps: BookingUseCaseDeps, input: { actor: Actor; bookingId: Id; proposedStartsAt: Date | null | undefined; reason?: string | null }): Promise<Result<Booking>> {
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const booking = await tx.bookings.findByIdForUpdate(input.bookingId);
    if (!booking) return err(bookingErrors.notFound());
    const proposed = propose(booking, input.actor, { proposedStartsAt: input.proposedStartsAt, reason: input.reason }, now);
    if (!proposed.ok) return proposed;
    const startsAt = proposed.value.rescheduleProposedStartsAt as Date;
    const coached = await checkSessionPlayer(tx, booking, startsAt, 'date');
    if (!coached.ok) return coached;
    // A session paid with a package must still start before the package ends (decision 060).
    const within = await tx.packageSessions.checkStart(tx, booking, startsAt);
    if (!within.ok) return within;
    const end = endsAt({ startsAt, durationMinutes: booking.durationMinutes });
    const ask = { coachId: booking.coachId, startsAt, durationMinutes: booking.durationMinutes, now, purpose: 'reschedule', excludeBookingId: booking.id, moment: 'ask' } as const;
    if (!(await isStillOffered(tx.coachSchedules, ask))) return err(bookingErrors.coachUnavailable());
    if (await tx.bookings.hasOverlappingActiveForCoach(booking.coachId, startsAt, end, booking.id)) return err(bookingErrors.coachUnavailable());
    return ok(await commitChange(tx, { booking: proposed.value, effects: [] }, 'reschedule_proposed', input.actor.userId, now));
  });
}
