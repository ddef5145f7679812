import { ok, type Result } from '../../../shared/result';
import { expireRequest, isRequestExpired } from '../booking-decisions';
import { commitChange, type BookingUseCaseDeps } from './change-booking';
import { DEFAULT_BATCH_SIZE, runDueBatch, type BatchOutcome } from './run-due-batch';

/** Job: declines requests whose response deadline passed before the coach answered, voiding their holds and telling both sides. */
export async function expireStaleRequests(deps: BookingUseCaseDeps, input: { limit?: number } = {}): Promise<Result<BatchOutcome>> {
  const now = deps.clock.now();
  const candidates = await deps.uow.read.bookings.listExpiredRequests(now, input.limit ?? DEFAULT_BATCH_SIZE);
  return ok(
    await runDueBatch(candidates, (candidate) =>
      deps.uow.transaction(async (tx) => {
        const booking = await tx.bookings.findByIdForUpdate(candidate.id);
        if (!booking || !isRequestExpired(booking, now)) return ok(false);
        const expired = expireRequest(booking, now);
        if (!expired.ok) return expired;
        await commitChange(tx, expired.value, 'declined', null, now, booking);
        return ok(true);
      }),
    ),
  );
}
