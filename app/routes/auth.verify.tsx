import type { LoaderFunctionArgs } from '@remix-run/node';
import { ACCOUNT_NOTICES } from '../../domain/accounts/sign-in/account-emails';
import { verifyEmail } from '../../domain/accounts/sign-in/use-cases/verify-email';
import { redirectWithToast } from '~/toast.server';
import { requestDeps } from '~/request-deps.server';

/** The link in the verification e-mail: marks the email verified, then opens the login dialog. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const result = await verifyEmail(requestDeps(context), { token });
  if (!result.ok) {
    context.log.info({ code: result.error.code }, 'verification link refused');
    return redirectWithToast('/', { type: 'error', title: result.error.message });
  }
  return redirectWithToast('/?login=1', { type: 'success', title: ACCOUNT_NOTICES.emailVerified });
}
