import { ok, type Result } from '../../../shared/result';
import { notifyBooking } from '../../lifecycle/booking-notifications';
import { autoComplete, isAutoCompleteDue } from '../session-progress';
import { refreshStatsIfSessionCountChanged, type BookingUseCaseDeps } from '../../lifecycle/use-cases/change-booking';
import { DEFAULT_BATCH_SIZE, runDueBatch, type BatchOutcome } from '../../lifecycle/use-cases/run-due-batch';

/** Job: completes every session 24 h past its scheduled end without a reported issue (PRODUCT.md). */
export async function autoCompleteDue(deps: BookingUseCaseDeps, input: { limit?: number } = {}): Promise<Result<BatchOutcome>> {
  const now = deps.clock.now();
  const candidates = await deps.uow.read.bookings.listDueForAutoComplete(now, input.limit ?? DEFAULT_BATCH_SIZE);
  return ok(
    await runDueBatch(candidates, (candidate) =>
      deps.uow.transaction(async (tx) => {
        const booking = await tx.bookings.findByIdForUpdate(candidate.id);
        if (!booking || !isAutoCompleteDue(booking, now)) return ok(false);
        const completed = autoComplete(booking, now);
        if (!completed.ok) return completed;
        const saved = await tx.bookings.save(completed.value);
        await notifyBooking(tx.outbox, { bookingId: booking.id, event: 'completed', actorId: null }, now);
        await tx.bookingEmails.queue(tx.outbox, { event: 'completed', booking: saved, actorId: null }, now);
        const refreshed = await refreshStatsIfSessionCountChanged(tx, booking, saved, now);
        return refreshed.ok ? ok(true) : refreshed;
      }),
    ),
  );
}
