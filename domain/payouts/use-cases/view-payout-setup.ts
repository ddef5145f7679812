import type { Actor } from '../../policy/actor';
import { err, ok, type Result } from '../../shared/result';
import { PAYOUT_SETUP_LABELS, payoutSetupState, type PayoutSetupState } from '../payout-account';
import { payoutErrors } from '../payout-errors';
import type { PayoutUseCaseDeps } from './payout-deps';

/** What the 'Get paid' card and the dashboard banner show. */
export interface PayoutSetupView {
  readonly state: PayoutSetupState;
  readonly label: string;
  /** Stripe's outstanding requirements, e.g. ['external_account']. */
  readonly requirementsDue: readonly string[];
}

export async function viewPayoutSetup(deps: Pick<PayoutUseCaseDeps, 'uow'>, input: { actor: Actor }): Promise<Result<PayoutSetupView>> {
  if (input.actor.userType !== 'coach' || input.actor.role === 'admin') return err(payoutErrors.coachOnly());
  const account = await deps.uow.read.payoutAccounts.findByCoach(input.actor.userId);
  const state = payoutSetupState(account);
  return ok({ state, label: PAYOUT_SETUP_LABELS[state], requirementsDue: account?.requirementsDue ?? [] });
}
