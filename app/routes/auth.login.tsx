import { json, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { toActor } from '../../domain/accounts/user';
import { pagePath } from '../../domain/navigation/pages';
import { postLoginDestination } from '../../domain/navigation/routing';
import { authenticate } from '~/auth/authenticator.server';
import { safeRedirectPath } from '~/auth/guards.server';
import { formFailure } from '~/auth/form-failure.server';
import { loginFailureMessage } from '~/auth/login-messages';
import { startUserSession } from '~/auth/session.server';

/** The login dialog posts here (email and password). Nothing to show on GET. */
export const loader = () => redirect('/?login=1');

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ ok: false }, { status: 405 });
  const outcome = await authenticate('email', request, context);
  if (!outcome.result.ok) {
    const error = outcome.result.error;
    if (error.code !== 'VALIDATION_FAILED') context.log.info({ code: error.code }, 'login refused');
    return formFailure(error, 'login', loginFailureMessage(error));
  }
  const user = outcome.result.value;
  const home = pagePath(postLoginDestination(toActor(user), { hadPendingProfileData: false }));
  const cookie = await startUserSession(request, context, user);
  return redirect(safeRedirectPath(outcome.redirectTo, home), { headers: { 'Set-Cookie': cookie } });
}
