import type { Actor } from '../../../policy/actor';
import type { Id } from '../../../shared/ids';
import type { Result } from '../../../shared/result';
import type { Booking } from '../../lifecycle/booking';
import { declineReschedule as decline } from '../reschedule';
import { changeBooking, withoutEffects, type BookingUseCaseDeps } from '../../lifecycle/use-cases/change-booking';

/** The other party declines the proposed time; the original time stays. */
export function declineReschedule(deps: BookingUseCaseDeps, input: { actor: Actor; bookingId: Id }): Promise<Result<Booking>> {
  return changeBooking(
    deps,
    input.bookingId,
    input.actor.userId,
    withoutEffects((b: Booking, now: Date) => decline(b, input.actor, now)),
    () => 'reschedule_declined',
  );
}
