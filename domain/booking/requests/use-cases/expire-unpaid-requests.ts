import { ok, type Result } from '../../../shared/result';
import { MINUTE_MS } from '../../../shared/clock';
import { expireUnpaidRequest } from '../../lifecycle/booking-decisions';
import { isUnpaidRequestExpired, UNPAID_REQUEST_TTL_MINUTES } from '../paid-requests';
import { commitChange, type BookingUseCaseDeps } from '../../lifecycle/use-cases/change-booking';
import { DEFAULT_BATCH_SIZE, runDueBatch, type BatchOutcome } from '../../lifecycle/use-cases/run-due-batch';

/**
 * Job (decision 011): cancels requests still unpaid 30 minutes after they were made ('Payment not
 * completed'), voiding any intent the client opened, and tells the client. The coach never saw
 * them and is not told. A request paid meanwhile is skipped when locked.
 */
export async function expireUnpaidRequests(deps: BookingUseCaseDeps, input: { limit?: number } = {}): Promise<Result<BatchOutcome>> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - UNPAID_REQUEST_TTL_MINUTES * MINUTE_MS);
  const candidates = await deps.uow.read.bookings.listUnpaidRequestsMadeBefore(cutoff, input.limit ?? DEFAULT_BATCH_SIZE);
  return ok(
    await runDueBatch(candidates, (candidate) =>
      deps.uow.transaction(async (tx) => {
        const booking = await tx.bookings.findByIdForUpdate(candidate.id);
        if (!booking || !isUnpaidRequestExpired(booking, now)) return ok(false);
        const expired = expireUnpaidRequest(booking, now);
        if (!expired.ok) return expired;
        await commitChange(tx, expired.value, 'cancelled', null, now, booking);
        return ok(true);
      }),
    ),
  );
}
