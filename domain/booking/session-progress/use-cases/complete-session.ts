import type { Actor } from '../../../policy/actor';
import type { Id } from '../../../shared/ids';
import { err, ok, type Result } from '../../../shared/result';
import { refreshCoachStats } from '../../../reviews/use-cases/refresh-coach-stats';
import type { Booking } from '../../lifecycle/booking';
import { bookingErrors } from '../../lifecycle/booking-errors';
import { markCompletion as mark } from '../session-progress';
import { commitChange, type BookingUseCaseDeps } from '../../lifecycle/use-cases/change-booking';

/**
 * markCompletion, plus the coach's figures (SPEC §3 total_sessions, shown on cards and the
 * profile) refreshed in the same transaction when this mark completes the session.
 */
export async function completeSession(deps: BookingUseCaseDeps, input: { actor: Actor; bookingId: Id; earlyReason?: string | null }): Promise<Result<Booking>> {
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const booking = await tx.bookings.findByIdForUpdate(input.bookingId);
    if (!booking) return err(bookingErrors.notFound());
    const marked = mark(booking, input.actor, { earlyReason: input.earlyReason }, now);
    if (!marked.ok) return marked;
    const completes = booking.status !== 'completed' && marked.value.status === 'completed';
    const saved = await commitChange(tx, { booking: marked.value, effects: [] }, completes ? 'completed' : null, input.actor.userId, now);
    if (completes) {
      const refreshed = await refreshCoachStats(tx, saved.coachId, now);
      if (!refreshed.ok) return refreshed;
    }
    return ok(saved);
  });
}
