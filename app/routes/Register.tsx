import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ACCOUNT_NOTICES } from '../../domain/accounts/sign-in/account-emails';
import { registerWithEmail } from '../../domain/accounts/sign-in/use-cases/register-with-email';
import { toActor } from '../../domain/accounts/users/user';
import { pagePath } from '../navigation/pages';
import { homePageFor } from '../navigation/routing';
import { enforceRateLimit } from '../../domain/rate-limit/check-rate-limit';
import { collectFormEntries } from '../../domain/validation/parse-form';
import type { FormFailure } from '~/auth/form-failure';
import { formFailure } from '~/auth/form-failure.server';
import { isGoogleConfigured } from '~/auth/google.server';
import { getCurrentUser, safeRedirectPath } from '~/auth/guards.server';
import { commitSession, getSession } from '~/auth/session.server';
import { registrationFailureMessage } from '~/auth/register-messages';
import { RegisterPage } from '~/components/register/register-page';
import { redirectWithToast } from '~/toast.server';
import { requestDeps } from '~/request-deps.server';

export const meta: MetaFunction = () => [{ title: 'Create your account · FACT' }];

/** SPEC §2 Register (no shell): `type` is user or coach (default user). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request, context);
  if (user) throw redirect(pagePath(homePageFor(toActor(user))));
  const type = new URL(request.url).searchParams.get('type') === 'coach' ? 'coach' : 'user';
  return json({ type, googleConfigured: isGoogleConfigured(context) } as const);
}

/**
 * Email sign-up: the account is created unverified and the verification link is mailed; an
 * address that already has an account gets the same answer and its owner an e-mail (decision 008).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const deps = requestDeps(context);
  const limited = await enforceRateLimit(deps.rateLimits, 'default', { ip: `register:${context.clientIp}` }, deps.clock.now());
  if (!limited.ok) return formFailure(limited.error, 'register');
  const form = collectFormEntries(await request.formData());
  const result = await registerWithEmail(deps, form);
  if (!result.ok) return formFailure(result.error, 'register', registrationFailureMessage(result.error));
  const registered = result.value;
  if (registered.outcome === 'created' && !registered.verificationMailSent) context.log.warn({ userId: registered.user.id }, 'verification mail not sent');
  if (registered.outcome === 'already_registered') {
    context.log.info({ userId: registered.ownerId, mail: registered.mail, mailSent: registered.mailSent }, 'sign-up for a registered email');
  }
  // Decision 008: a registered email gets the same answer as a new account (its owner is mailed).
  return redirectWithToast('/', { type: 'success', title: ACCOUNT_NOTICES.registered }, { headers: await keepReturnPath(request, context, form.redirectTo) });
}

/**
 * SPEC's authRedirect: the page the person came to register from (a coach's profile with the
 * booking dialog), kept in this browser's session cookie until they sign in. The verification
 * link, opened in this browser (a new tab too), sends them to the login dialog with it.
 */
async function keepReturnPath(request: Request, context: ActionFunctionArgs['context'], value: unknown): Promise<HeadersInit> {
  const back = safeRedirectPath(value, '');
  if (!back) return {};
  const session = await getSession(request, context);
  session.set('redirectTo', back);
  return { 'Set-Cookie': await commitSession(session, context) };
}

export default function Register() {
  const { type, googleConfigured } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  return <RegisterPage initialType={type} googleConfigured={googleConfigured} emailFailure={failure ?? null} />;
}
