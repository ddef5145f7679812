import type { AppLoadContext } from '@remix-run/node';
import type { User } from '../../domain/accounts/users/user';
import { startPayoutOnboarding } from '../../domain/payouts/use-cases/start-payout-onboarding';
import { actorOf } from '~/auth/guards.server';
import { redirectWithToast } from '~/toast.server';
import { requestDeps } from '~/request-deps.server';

/** The public origin the coach's browser uses (APP_URL behind a proxy), for Stripe's return links. */
export function publicOrigin(request: Request, context: AppLoadContext): string {
  return (context.app.env.APP_URL ?? new URL(request.url).origin).replace(/\/+$/, '');
}

/** Where the 'Get paid' card lives. */
export const PAYOUTS_CARD = '/CoachProfile#payouts';

/**
 * 'Set up payouts': the coach's connected account (made once) and a fresh link to the hosted
 * onboarding (Stripe's, or the offline gateway's page); the browser is sent there. A refusal
 * comes back to the card with the reason.
 */
export async function sendToOnboarding(request: Request, context: AppLoadContext, user: User): Promise<Response> {
  const origin = publicOrigin(request, context);
  const result = await startPayoutOnboarding(requestDeps(context), {
    actor: actorOf(user),
    email: user.email,
    returnUrl: `${origin}/payouts/return`,
    refreshUrl: `${origin}/payouts/setup`,
  });
  if (!result.ok) {
    context.log.warn({ userId: user.id, code: result.error.code }, 'payout onboarding refused');
    return redirectWithToast(PAYOUTS_CARD, { type: 'error', title: result.error.message }, { status: 303 });
  }
  context.log.info({ userId: user.id, accountId: result.value.account.accountId }, 'payout onboarding started');
  return new Response(null, { status: 303, headers: { Location: result.value.url, 'Cache-Control': 'private, no-store' } });
}
