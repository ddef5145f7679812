import type { Actor } from '../../policy/actor';
import { err, ok, type Result } from '../../shared/result';
import { payoutErrors } from '../payout-errors';
import type { PayoutAccount } from '../payout-account';
import { fromPayoutGatewayError, type PayoutUseCaseDeps } from './payout-deps';

/**
 * 'Set up payouts': makes the coach's Express account the first time (one per coach, whatever
 * the number of clicks: the idempotency key is the coach's), then a fresh link to the hosted
 * onboarding, which sends the coach back to `returnUrl`.
 */
export async function startPayoutOnboarding(
  deps: PayoutUseCaseDeps,
  input: { actor: Actor; email: string | null; returnUrl: string; refreshUrl: string },
): Promise<Result<{ url: string; account: PayoutAccount }>> {
  if (input.actor.userType !== 'coach' || input.actor.role === 'admin') return err(payoutErrors.coachOnly());
  const coachId = input.actor.userId;
  let account = await deps.uow.read.payoutAccounts.findByCoach(coachId);
  if (account === null) {
    const created = await deps.payoutGateway.createAccount({ coachId, email: input.email, idempotencyKey: `${coachId}:connect-account` });
    if (!created.ok) return err(fromPayoutGatewayError(created.error));
    const now = deps.clock.now();
    const saved = await deps.uow.transaction(async (tx) => {
      const existing = await tx.payoutAccounts.findByCoach(coachId);
      if (existing) return ok(existing);
      return ok(
        await tx.payoutAccounts.save({
          coachId,
          accountId: created.value.accountId,
          detailsSubmitted: created.value.detailsSubmitted,
          payoutsEnabled: created.value.payoutsEnabled,
          requirementsDue: created.value.requirementsDue,
          createdAt: now,
          updatedAt: now,
          version: 0,
        }),
      );
    });
    if (!saved.ok) return saved;
    account = saved.value;
  }
  const link = await deps.payoutGateway.createOnboardingLink({ accountId: account.accountId, returnUrl: input.returnUrl, refreshUrl: input.refreshUrl });
  if (!link.ok) return err(fromPayoutGatewayError(link.error));
  return ok({ url: link.value.url, account });
}
