import type { Actor } from '../../../policy/actor';
import type { Id } from '../../../shared/ids';
import { err, ok, type Result } from '../../../shared/result';
import { endsAt, type Booking } from '../../lifecycle/booking';
import { bookingErrors } from '../../lifecycle/booking-errors';
import { acceptReschedule as accept } from '../reschedule';
import { commitChange, type BookingUseCaseDeps } from '../../lifecycle/use-cases/change-booking';
import { checkSessionPlayer } from '../../requests/use-cases/session-player';

/**
 * The other party accepts the proposed time; refused if the coach has since been booked then, or
 * no longer coaches the player's age group on that date (decision 034: asked again, since the
 * date of birth or the coach's groups may have changed since the proposal).
 */
export async function acceptReschedule(deps: BookingUseCaseDeps, input: { actor: Actor; bookingId: Id }): Promise<Result<Booking>> {
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const booking = await tx.bookings.findByIdForUpdate(input.bookingId);
    if (!booking) return err(bookingErrors.notFound());
    const moved = accept(booking, input.actor, now);
    if (!moved.ok) return moved;
    const m = moved.value;
    const coached = await checkSessionPlayer(tx, booking, m.startsAt, 'date');
    if (!coached.ok) return coached;
    if (await tx.bookings.hasOverlappingActiveForCoach(m.coachId, m.startsAt, endsAt(m), m.id)) return err(bookingErrors.coachUnavailable());
    return ok(await commitChange(tx, { booking: m, effects: [] }, 'reschedule_accepted', input.actor.userId, now));
  });
}
