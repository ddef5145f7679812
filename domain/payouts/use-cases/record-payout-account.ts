import type { Actor } from '../../policy/actor';
import type { Repositories } from '../../repositories';
import { err, ok, type Result } from '../../shared/result';
import { markPending } from '../coach-transfer';
import { applyAccountSnapshot, type AccountSnapshot, type PayoutAccount } from '../payout-account';
import { payoutErrors } from '../payout-errors';
import { queueCoachTransfer } from '../payout-jobs';
import { fromPayoutGatewayError, type PayoutUseCaseDeps } from './payout-deps';

/** How many waiting transfers one account update sends on (the rest follow on the next update or retry). */
const WAITING_BATCH = 500;

/**
 * In `tx`: records what Stripe reports of an account (account.updated, or a read when the coach
 * comes back from onboarding). When payouts become enabled, every transfer that waited for them
 * is queued in the same transaction. Unknown accounts are ignored (null).
 */
export async function recordAccountSnapshot(tx: Repositories, snapshot: AccountSnapshot, now: Date): Promise<PayoutAccount | null> {
  const account = await tx.payoutAccounts.findByAccountId(snapshot.accountId);
  if (!account) return null;
  const applied = applyAccountSnapshot(account, snapshot, now);
  if (!applied.changed) return account;
  const saved = await tx.payoutAccounts.save(applied.account);
  if (saved.payoutsEnabled) {
    for (const waiting of await tx.coachTransfers.listWaitingForCoach(saved.coachId, WAITING_BATCH)) {
      await tx.coachTransfers.save(markPending(waiting, now));
      await queueCoachTransfer(tx.outbox, waiting.bookingId, `payouts-enabled-${saved.version}`);
    }
  }
  return saved;
}

/** The coach is back from onboarding (or opens their payouts card): read the account from the gateway and record it. */
export async function refreshPayoutAccount(deps: PayoutUseCaseDeps, input: { actor: Actor }): Promise<Result<PayoutAccount>> {
  const account = await deps.uow.read.payoutAccounts.findByCoach(input.actor.userId);
  if (!account) return err(payoutErrors.accountNotFound());
  const read = await deps.payoutGateway.retrieveAccount(account.accountId);
  if (!read.ok) return err(fromPayoutGatewayError(read.error));
  return deps.uow.transaction(async (tx) => ok((await recordAccountSnapshot(tx, read.value, deps.clock.now())) ?? account));
}
