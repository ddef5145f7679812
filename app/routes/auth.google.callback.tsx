import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { toActor } from '../../domain/accounts/users/user';
import { pagePath } from '../navigation/pages';
import { postLoginDestination } from '../navigation/routing';
import { authenticate, type AuthOutcome } from '~/auth/authenticator.server';
import { pendingGoogleCookie, readPendingGoogle } from '~/auth/google.server';
import { safeRedirectPath } from '~/auth/guards.server';
import { GOOGLE_REGISTRATION_FAILED } from '~/auth/register-messages';
import { startUserSession } from '~/auth/session.server';
import { redirectWithToast } from '~/toast.server';

/**
 * Google sends the person back here with a code: the strategy checks the state, exchanges the
 * code, reads the profile and signs in (or creates) the account. SPEC §4: pending registration
 * data is applied, then coaches go to CoachDashboard and others to FindCoaches; otherwise the
 * role's home or the page they came from. Failures: 'Login failed: {message}' (SPEC §8), or
 * 'Registration failed. Please try again.' when the round-trip started on Register.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const clear = await pendingGoogleCookie(context).serialize('', { maxAge: 0 });
  const registering = (await readPendingGoogle(request, context)).profile !== undefined;
  let outcome: AuthOutcome;
  try {
    outcome = await authenticate('google', request, context);
  } catch (thrown) {
    if (thrown instanceof Response) throw thrown;
    const message = thrown instanceof Error ? thrown.message : 'Unknown error';
    context.log.warn({ err: thrown }, 'Google sign-in failed');
    return failed(registering ? GOOGLE_REGISTRATION_FAILED : `Login failed: ${message}`, clear);
  }
  if (!outcome.result.ok) {
    context.log.info({ code: outcome.result.error.code }, 'Google sign-in refused');
    return failed(outcome.registering ? GOOGLE_REGISTRATION_FAILED : `Login failed: ${outcome.result.error.message}`, clear);
  }
  const user = outcome.result.value;
  const home = pagePath(postLoginDestination(toActor(user), { hadPendingProfileData: outcome.appliedPendingProfile === true }));
  // A page to come back to (a coach's profile with its booking dialog) wins over the home page, for a new account too.
  const destination = safeRedirectPath(outcome.redirectTo, home);
  const headers = new Headers();
  headers.append('Set-Cookie', await startUserSession(request, context, user));
  context.log.info({ event: 'sign_in', method: 'google', userId: user.id, role: user.role, created: outcome.created === true, ip: context.clientIp }, 'signed in');
  headers.append('Set-Cookie', clear);
  return redirect(destination, { headers });
}

function failed(title: string, clear: string) {
  return redirectWithToast('/', { type: 'error', title }, { headers: { 'Set-Cookie': clear } });
}
