import type { Actor } from '../../../policy/actor';
import type { Id } from '../../../shared/ids';
import type { Result } from '../../../shared/result';
import type { Booking } from '../../lifecycle/booking';
import { resolveDispute as resolve, type DisputeDecision } from '../disputes';
import { changeBooking, type BookingUseCaseDeps } from '../../lifecycle/use-cases/change-booking';

/** An administrator decides an open dispute; the refund or release is queued. */
export function resolveDispute(deps: BookingUseCaseDeps, input: { actor: Actor; bookingId: Id; decision: DisputeDecision }): Promise<Result<Booking>> {
  return changeBooking(
    deps,
    input.bookingId,
    input.actor.userId,
    (b, now) => resolve(b, input.actor, input.decision, now),
    () => 'dispute_resolved',
  );
}
