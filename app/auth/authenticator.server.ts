import type { AppLoadContext } from '@remix-run/node';
import { Authenticator, AuthorizationError } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import type { Application } from '../../adapters/composition-root';
import { signInWithEmail } from '../../domain/accounts/sign-in/use-cases/sign-in-with-email';
import type { User } from '../../domain/accounts/users/user';
import type { Result } from '../../domain/shared/result';
import { googleStrategyFor } from './google.server';
import { sessionStorageFor } from './session.server';

/**
 * remix-auth strategies. Their verify callbacks never throw for an expected failure: they hand
 * back the use case's Result (with the form, for the way back), and the routes answer it.
 */
export interface AuthOutcome {
  readonly result: Result<User>;
  readonly redirectTo: string | null;
  /** Google only: the account was created by this sign-in. */
  readonly created?: boolean;
  readonly appliedPendingProfile?: boolean;
  /** Google only: the round-trip started on Register (failures say 'Registration failed…'). */
  readonly registering?: boolean;
}

const authenticators = new WeakMap<Application, Authenticator<AuthOutcome>>();

export function authenticatorFor(context: AppLoadContext): Authenticator<AuthOutcome> {
  let auth = authenticators.get(context.app);
  if (auth) return auth;
  auth = new Authenticator<AuthOutcome>(sessionStorageFor(context), { throwOnError: true });
  auth.use(
    new FormStrategy<AuthOutcome>(async ({ form, context: ctx }) => {
      const c = ctx as AppLoadContext;
      const result = await signInWithEmail(c.app.deps(), {
        form: { email: form.get('email') ?? undefined, password: form.get('password') ?? undefined },
        ip: c.clientIp,
      });
      const redirectTo = form.get('redirectTo');
      return { result, redirectTo: typeof redirectTo === 'string' && redirectTo !== '' ? redirectTo : null };
    }),
    'email',
  );
  const google = googleStrategyFor(context);
  if (google) auth.use(google, 'google');
  authenticators.set(context.app, auth);
  return auth;
}

/** Runs a strategy; an unexpected error inside it is rethrown as itself (a 500 with its log). */
export async function authenticate(strategy: 'email' | 'google', request: Request, context: AppLoadContext): Promise<AuthOutcome> {
  try {
    return await authenticatorFor(context).authenticate(strategy, request, { context });
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause) throw error.cause;
    throw error;
  }
}
