import { json, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { ACCOUNT_NOTICES } from '../../domain/accounts/sign-in/account-emails';
import { resendVerificationEmail } from '../../domain/accounts/sign-in/use-cases/resend-verification-email';
import { enforceRateLimit } from '../../domain/rate-limit/check-rate-limit';
import { requestDeps } from '~/request-deps.server';

export const loader = () => redirect('/?login=1');

/** Sends a fresh verification link (same answer whether or not the account exists). */
export async function action({ request, context }: ActionFunctionArgs) {
  const deps = requestDeps(context);
  const limited = await enforceRateLimit(deps.rateLimits, 'login', { ip: `resend:${context.clientIp}` }, deps.clock.now());
  if (!limited.ok) return json({ ok: false, message: limited.error.message }, { status: 429 });
  const form = await request.formData();
  const result = await resendVerificationEmail(deps, { email: form.get('email') ?? '' });
  if (!result.ok) return json({ ok: false, message: result.error.message }, { status: 422 });
  return json({ ok: true, message: ACCOUNT_NOTICES.verificationResent });
}
