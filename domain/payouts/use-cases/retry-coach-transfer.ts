import type { Actor } from '../../policy/actor';
import { isAdmin } from '../../policy/actor';
import { policyErrors } from '../../policy/policy-errors';
import type { Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import { retryTransfer, type CoachTransfer } from '../coach-transfer';
import { payoutErrors } from '../payout-errors';
import { queueCoachTransfer } from '../payout-jobs';
import type { PayoutUseCaseDeps } from './payout-deps';

/** An administrator sends a failed (or waiting) payout again: a new attempt, a new idempotency key, audited. */
export async function retryCoachTransfer(deps: Pick<PayoutUseCaseDeps, 'uow' | 'clock'>, input: { actor: Actor; bookingId: Id }): Promise<Result<CoachTransfer>> {
  if (!isAdmin(input.actor)) return err(policyErrors.adminOnly());
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const current = await tx.coachTransfers.findByBookingForUpdate(input.bookingId);
    if (!current) return err(payoutErrors.transferNotFound());
    const next = retryTransfer(current, now);
    if (!next.ok) return next;
    const saved = await tx.coachTransfers.save(next.value);
    await queueCoachTransfer(tx.outbox, saved.bookingId, `retry-${saved.attempt}-${saved.version}`);
    return ok(saved);
  });
}
