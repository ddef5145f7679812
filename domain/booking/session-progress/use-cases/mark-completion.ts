import type { Actor } from '../../../policy/actor';
import type { Id } from '../../../shared/ids';
import type { Result } from '../../../shared/result';
import type { Booking } from '../../lifecycle/booking';
import { markCompletion as mark } from '../session-progress';
import { changeBooking, withoutEffects, type BookingUseCaseDeps } from '../../lifecycle/use-cases/change-booking';

/** A party marks the session complete (a reason when before the scheduled end). */
export function markCompletion(deps: BookingUseCaseDeps, input: { actor: Actor; bookingId: Id; earlyReason?: string | null }): Promise<Result<Booking>> {
  return changeBooking(
    deps,
    input.bookingId,
    input.actor.userId,
    withoutEffects((b: Booking, now: Date) => mark(b, input.actor, { earlyReason: input.earlyReason }, now)),
    (before, after) => (before.status !== 'completed' && after.status === 'completed' ? 'completed' : null),
  );
}
