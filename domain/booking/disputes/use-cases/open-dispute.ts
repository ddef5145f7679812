import type { Actor } from '../../../policy/actor';
import type { Id } from '../../../shared/ids';
import type { Result } from '../../../shared/result';
import type { Booking } from '../../lifecycle/booking';
import { openDispute as open } from '../disputes';
import { changeBooking, withoutEffects, type BookingUseCaseDeps } from '../../lifecycle/use-cases/change-booking';

/** A party reports an issue (SPEC "Report Issue"): the booking is disputed and its payment held. */
export function openDispute(deps: BookingUseCaseDeps, input: { actor: Actor; bookingId: Id; description: string | null | undefined }): Promise<Result<Booking>> {
  return changeBooking(
    deps,
    input.bookingId,
    input.actor.userId,
    withoutEffects((b: Booking, now: Date) => open(b, input.actor, { description: input.description }, now)),
    () => 'dispute_opened',
  );
}
