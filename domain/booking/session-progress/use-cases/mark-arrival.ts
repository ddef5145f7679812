import type { Actor } from '../../../policy/actor';
import type { Id } from '../../../shared/ids';
import type { Result } from '../../../shared/result';
import type { Booking } from '../../lifecycle/booking';
import { markArrival as mark } from '../session-progress';
import { changeBooking, withoutEffects, type BookingUseCaseDeps } from '../../lifecycle/use-cases/change-booking';

/** A party marks their arrival; the session starts when the rule says so. */
export function markArrival(deps: BookingUseCaseDeps, input: { actor: Actor; bookingId: Id }): Promise<Result<Booking>> {
  return changeBooking(
    deps,
    input.bookingId,
    input.actor.userId,
    withoutEffects((b: Booking, now: Date) => mark(b, input.actor, now)),
    (before, after) => (before.status !== 'in_session' && after.status === 'in_session' ? 'session_started' : null),
  );
}
