import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { pendingProfileSchema } from '../../domain/accounts/users/account.schemas';
import { collectFormEntries, parseForm } from '../../domain/validation/parse-form';
import { authenticate } from '~/auth/authenticator.server';
import { formFailure } from '~/auth/form-failure.server';
import { isGoogleConfigured, pendingGoogleCookie, type PendingGoogle } from '~/auth/google.server';
import { safeRedirectPath } from '~/auth/guards.server';
import { redirectWithToast } from '~/toast.server';

export const loader = () => redirect('/?login=1');

/**
 * Starts Google sign-in (server-side code flow): from the login dialog (with redirectTo) or
 * from Register's Google tab (the registration form is checked here, then kept in a signed
 * cookie for the round-trip and applied when the account is created).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (!isGoogleConfigured(context)) return redirectWithToast('/', { type: 'error', title: 'Google sign-in is not configured' });
  const form = collectFormEntries(await request.formData());
  const pending: { -readonly [K in keyof PendingGoogle]: PendingGoogle[K] } = {};
  if (typeof form.redirectTo === 'string') pending.redirectTo = safeRedirectPath(form.redirectTo, '');
  if (form.intent === 'register') {
    const { intent: _intent, ...profile } = form;
    // A blank name means 'use the name on the Google account'.
    if (typeof profile.fullName === 'string' && profile.fullName.trim() === '') delete profile.fullName;
    const checked = parseForm(pendingProfileSchema, profile);
    if (!checked.ok) return formFailure(checked.error, 'google-register');
    pending.profile = profile;
  }
  const cookie = await pendingGoogleCookie(context).serialize(pending);
  try {
    // The body was read above; the strategy needs only the URL and the cookies.
    await authenticate('google', new Request(request.url, { method: 'GET', headers: request.headers }), context);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      thrown.headers.append('Set-Cookie', cookie);
      return thrown;
    }
    throw thrown;
  }
  return redirect('/');
}
