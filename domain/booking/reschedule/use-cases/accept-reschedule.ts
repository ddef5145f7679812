import type { Actor } from '../../../policy/actor';
import type { Id } from '../../../shared/ids';
import { err, ok, type Result } from '../../../shared/result';
import { endsAt, type Booking } from '../../lifecycle/booking';
import { bookingErrors } from '../../lifecycle/booking-errors';
import { acceptReschedule as accept } from '../reschedule';
import { commitChange, type BookingUseCaseDeps } from '../../lifecycle/use-cases/change-booking';
import { checkSessionPlayer } from '../../requests/use-cases/session-player';
import { isStillOffered } from '../../requests/offered-slot';

/**
 * The other party accepts the proposed time; refused if the slot engine no longer offers it (a
 * session and its buffers, a blocked time, the coach's hours; asked under the calendar's lock), or
 * no longer coaches the player's age group on that date (decision 034: asked again, since the
 * date of birth or the coach's groups may have changed since the proposal).
 */
export async function acceptReschedule(deps: BookingUseCaseDeps, input: { actor: Actor; bookingId: Id }): Promise<Result<Booking>> {
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    // The coach's calendar before the booking, as acceptBooking takes them.
    const peek = await tx.bookings.findById(input.bookingId);
    if (!peek) return err(bookingErrors.notFound());
    await tx.bookings.lockCoachCalendar(peek.coachId);
    const booking = await tx.bookings.findByIdForUpdate(input.bookingId);
    if (!booking) return err(bookingErrors.notFound());
    const moved = accept(booking, input.actor, now);
    if (!moved.ok) return moved;
    const m = moved.value;
    const coached = await checkSessionPlayer(tx, booking, m.startsAt, 'date');
    if (!coached.ok) return coached;
    if (await tx.bookings.hasOverlappingActiveForCoach(m.coachId, m.startsAt, endsAt(m), m.id)) return err(bookingErrors.coachUnavailable());
    const ask = { coachId: m.coachId, startsAt: m.startsAt, durationMinutes: m.durationMinutes, now, purpose: 'reschedule', excludeBookingId: m.id, moment: 'answer' } as const;
    if (!(await isStillOffered(tx.coachSchedules, ask))) return err(bookingErrors.coachUnavailable());
    return ok(await commitChange(tx, { booking: m, effects: [] }, 'reschedule_accepted', input.actor.userId, now));
  });
}
