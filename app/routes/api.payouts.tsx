import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { viewPayoutSetup, type PayoutSetupView } from '../../domain/payouts/use-cases/view-payout-setup';
import { actorOf, apiUser } from '~/auth/guards.server';
import { STATUS_OF } from '~/booking/domain-response.server';
import { requestDeps } from '~/request-deps.server';

/** GET /api/payouts — the signed-in coach's payout set-up for the 'Get paid' card (JSON, never cached). */
export type PayoutSetupResponse = { ok: true; setup: PayoutSetupView } | { ok: false; code: string; error: string };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await apiUser(request, context);
  if (user instanceof Response) return user;
  const result = await viewPayoutSetup(requestDeps(context), { actor: actorOf(user) });
  const headers = { 'Cache-Control': 'private, no-store' };
  if (result.ok) return json<PayoutSetupResponse>({ ok: true, setup: result.value }, { headers });
  return json<PayoutSetupResponse>({ ok: false, code: result.error.code, error: result.error.message }, { status: STATUS_OF[result.error.kind], headers });
}
