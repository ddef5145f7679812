import { ok, type Result } from '../../shared/result';
import { DEFAULT_BATCH_SIZE, runDueBatch, type BatchOutcome } from '../../booking/lifecycle/use-cases/run-due-batch';
import { isReleaseDue } from '../../booking/money/payment-hold';
import { recordRelease } from '../payment-records';
import { queueCoachTransfer } from '../../payouts/payout-jobs';
import type { PaymentUseCaseDeps } from './payment-deps';

/**
 * Job: pays the coach what the platform held once `paymentHeldUntil` (scheduled end + 48 h) has
 * passed, unless a dispute is open or a decided refund is still outstanding (PRODUCT.md).
 */
export async function releaseDuePayments(deps: Omit<PaymentUseCaseDeps, 'gateway'>, input: { limit?: number } = {}): Promise<Result<BatchOutcome>> {
  const now = deps.clock.now();
  const candidates = await deps.uow.read.bookings.listDueForRelease(now, input.limit ?? DEFAULT_BATCH_SIZE);
  return ok(
    await runDueBatch(candidates, (candidate) =>
      deps.uow.transaction(async (tx) => {
        const booking = await tx.bookings.findByIdForUpdate(candidate.id);
        if (!booking || !isReleaseDue(booking, now)) return ok(false);
        const released = recordRelease(booking, now);
        if (!released.ok) return released;
        await tx.bookings.save(released.value);
        await tx.packageSessions.release(tx, released.value, now);
        await queueCoachTransfer(tx.outbox, released.value.id);
        return ok(true);
      }),
    ),
  );
}
