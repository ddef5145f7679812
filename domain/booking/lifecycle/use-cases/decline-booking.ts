import type { Actor } from '../../../policy/actor';
import type { Id } from '../../../shared/ids';
import type { Result } from '../../../shared/result';
import type { Booking } from '../booking';
import { declineBooking as decline } from '../booking-decisions';
import { changeWithSeries, type BookingUseCaseDeps } from './change-booking';

/**
 * The coach declines a pending request with a reason; any authorisation is voided. A request of a
 * weekly series is declined with the series' other requests, in one decision (decision 062).
 */
export function declineBooking(deps: BookingUseCaseDeps, input: { actor: Actor; bookingId: Id; reason: string | null | undefined }): Promise<Result<Booking>> {
  return changeWithSeries(
    deps,
    input.bookingId,
    input.actor.userId,
    (b, now) => decline(b, input.actor, { reason: input.reason }, now),
    () => 'declined',
    (b) => (b.status === 'pending' ? { statuses: ['pending'], from: new Date(0) } : null),
    (tx, declined, now) => tx.bookingEmails.queueSeries(tx.outbox, { decision: 'declined', sessions: declined, reason: declined[0]?.cancellationReason ?? null }, now),
  );
}
