import type { Actor } from '../../../policy/actor';
import type { Id } from '../../../shared/ids';
import type { Result } from '../../../shared/result';
import type { Booking } from '../../lifecycle/booking';
import { withdrawReschedule as withdraw } from '../reschedule';
import { changeBooking, withoutEffects, type BookingUseCaseDeps } from '../../lifecycle/use-cases/change-booking';

/** The proposer takes back a pending proposal; the session keeps its time and the other party is told. */
export function withdrawReschedule(deps: BookingUseCaseDeps, input: { actor: Actor; bookingId: Id }): Promise<Result<Booking>> {
  return changeBooking(
    deps,
    input.bookingId,
    input.actor.userId,
    withoutEffects((b: Booking, now: Date) => withdraw(b, input.actor, now)),
    () => 'reschedule_withdrawn',
  );
}
