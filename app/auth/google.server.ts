import { createCookie, type AppLoadContext } from '@remix-run/node';
import { GoogleStrategy } from 'remix-auth-google';
import { publicOrigin } from '../../adapters/accounts/account-ports';
import type { ExternalIdentity } from '../../domain/accounts/sign-in/identity-provider';
import { loginWithGoogle } from '../../domain/accounts/sign-in/use-cases/login-with-google';
import { ok } from '../../domain/shared/result';
import type { AuthOutcome } from './authenticator.server';
import { isHttps } from './session.server';

/** Whether Google sign-in can be offered (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET set). */
export function isGoogleConfigured(context: AppLoadContext): boolean {
  return Boolean(context.app.env.GOOGLE_CLIENT_ID && context.app.env.GOOGLE_CLIENT_SECRET);
}

export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

/** What the Google round-trip keeps: the registration form (SPEC pendingProfileData) and the way back. */
export interface PendingGoogle {
  readonly profile?: Record<string, unknown>;
  readonly redirectTo?: string;
}

/** A signed, httpOnly cookie for the 10 minutes a Google round-trip may take. */
export function pendingGoogleCookie(context: AppLoadContext) {
  return createCookie(isHttps(context.app) ? '__Host-fact_google' : 'fact_google', {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(context.app),
    path: '/',
    maxAge: 600,
    secrets: [context.app.sessionSecret],
  });
}

export async function readPendingGoogle(request: Request, context: AppLoadContext): Promise<PendingGoogle> {
  const value: unknown = await pendingGoogleCookie(context).parse(request.headers.get('Cookie'));
  if (!value || typeof value !== 'object') return {};
  const v = value as { profile?: unknown; redirectTo?: unknown };
  return {
    ...(v.profile && typeof v.profile === 'object' ? { profile: v.profile as Record<string, unknown> } : {}),
    ...(typeof v.redirectTo === 'string' ? { redirectTo: v.redirectTo } : {}),
  };
}

/** The Google strategy (server-side code flow), or null when Google sign-in is not configured. */
export function googleStrategyFor(context: AppLoadContext): GoogleStrategy<AuthOutcome> | null {
  const env = context.app.env;
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return new GoogleStrategy<AuthOutcome>(
    {
      clientID: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      callbackURL: `${publicOrigin(env)}${GOOGLE_CALLBACK_PATH}`,
      scope: ['openid', 'email', 'profile'],
      prompt: 'select_account',
    },
    async ({ profile, context: ctx, request }) => {
      const c = ctx as AppLoadContext;
      const raw = profile._json;
      if (!raw?.sub || !raw.email) throw new Error('Failed to get user info from Google');
      const identity: ExternalIdentity = {
        provider: 'google',
        subject: raw.sub,
        email: raw.email,
        emailVerified: raw.email_verified === true,
        name: raw.name ?? null,
        pictureUrl: raw.picture ?? null,
      };
      const pending = await readPendingGoogle(request, c);
      const signedIn = await loginWithGoogle(c.app.deps(), { identity, pendingProfile: pending.profile });
      return {
        result: signedIn.ok ? ok(signedIn.value.user) : signedIn,
        redirectTo: pending.redirectTo ?? null,
        created: signedIn.ok && signedIn.value.created,
        appliedPendingProfile: signedIn.ok && signedIn.value.appliedPendingProfile,
        registering: pending.profile !== undefined,
      };
    },
  );
}
