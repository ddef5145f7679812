import type { LoaderFunctionArgs } from '@remix-run/node';
import { ACCOUNT_NOTICES } from '../../domain/accounts/sign-in/account-emails';
import { verifyEmail } from '../../domain/accounts/sign-in/use-cases/verify-email';
import { safeRedirectPath } from '~/auth/guards.server';
import { loginPathFor } from '~/auth/signed-out';
import { getSession } from '~/auth/session.server';
import { redirectWithToast } from '~/toast.server';
import { requestDeps } from '~/request-deps.server';

/**
 * The link in the verification e-mail: marks the email verified, then opens the login dialog,
 * leading back to the page the person registered from when this browser kept it (SPEC's
 * authRedirect, set by Register).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const result = await verifyEmail(requestDeps(context), { token });
  if (!result.ok) {
    context.log.info({ code: result.error.code }, 'verification link refused');
    return redirectWithToast('/', { type: 'error', title: result.error.message });
  }
  const back = safeRedirectPath((await getSession(request, context)).get('redirectTo'), '/');
  return redirectWithToast(loginPathFor(back), { type: 'success', title: ACCOUNT_NOTICES.emailVerified });
}
