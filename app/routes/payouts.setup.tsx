import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/auth/guards.server';
import { sendToOnboarding } from '~/payouts/payouts.server';

/**
 * POST /payouts/setup — the 'Set up payouts' button (a plain form: it leaves FACT for Stripe's
 * hosted onboarding). GET is Stripe's refresh_url, used when an onboarding link has expired: a
 * new link is made and the coach goes straight back. Coaches only (403 otherwise).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return sendToOnboarding(request, context, await requireUser(request, context));
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return sendToOnboarding(request, context, await requireUser(request, context));
}
