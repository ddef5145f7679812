import { json, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { toActor } from '../../domain/accounts/users/user';
import { pagePath } from '../navigation/pages';
import { postLoginDestination } from '../navigation/routing';
import { authenticate } from '~/auth/authenticator.server';
import { safeRedirectPath } from '~/auth/guards.server';
import { formFailure } from '~/auth/form-failure.server';
import { loginFailureMessage } from '~/auth/login-messages';
import { startUserSession } from '~/auth/session.server';
import { maskEmail } from '../../adapters/logging/logger';

/** The login dialog posts here (email and password). Nothing to show on GET. */
export const loader = () => redirect('/?login=1');

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ ok: false }, { status: 405 });
  const email = (await request.clone().formData()).get('email');
  const outcome = await authenticate('email', request, context);
  if (!outcome.result.ok) {
    const error = outcome.result.error;
    // Who tried, for the operator: a masked address (never the whole one, never the password).
    if (error.code !== 'VALIDATION_FAILED')
      context.log.info({ event: 'sign_in_failed', code: error.code, email: typeof email === 'string' ? maskEmail(email.trim().toLowerCase()) : null, ip: context.clientIp }, 'login refused');
    return formFailure(error, 'login', loginFailureMessage(error));
  }
  const user = outcome.result.value;
  const home = pagePath(postLoginDestination(toActor(user), { hadPendingProfileData: false }));
  const cookie = await startUserSession(request, context, user);
  context.log.info({ event: 'sign_in', method: 'email', userId: user.id, role: user.role, ip: context.clientIp }, 'signed in');
  return redirect(safeRedirectPath(outcome.redirectTo, home), { headers: { 'Set-Cookie': cookie } });
}
