import type { LoaderFunctionArgs } from '@remix-run/node';
import { refreshPayoutAccount } from '../../domain/payouts/use-cases/record-payout-account';
import { actorOf, requireUser } from '~/auth/guards.server';
import { PAYOUTS_CARD } from '~/payouts/payouts.server';
import { redirectWithToast } from '~/toast.server';
import { requestDeps } from '~/request-deps.server';

/**
 * GET /payouts/return — Stripe's return_url after onboarding (finished or left half-way): the
 * account is read from Stripe and recorded (the account.updated webhook says the same later), and
 * the coach lands on their 'Get paid' card with what it now says.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const result = await refreshPayoutAccount(requestDeps(context), { actor: actorOf(user) });
  if (!result.ok) return redirectWithToast(PAYOUTS_CARD, { type: 'error', title: result.error.message });
  context.log.info({ userId: user.id, payoutsEnabled: result.value.payoutsEnabled }, 'payout onboarding returned');
  return result.value.payoutsEnabled
    ? redirectWithToast(PAYOUTS_CARD, { type: 'success', title: 'Payouts are set up', description: 'Your earnings will be paid to your bank account.' })
    : redirectWithToast(PAYOUTS_CARD, { type: 'warning', title: 'Stripe still needs some details', description: 'Finish setting up payouts to receive your earnings.' });
}
