import type { Session, SessionStorage } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/node';
import { sessionStorageOf, type SessionData } from '../../adapters/auth/session-storage';

/** The sign-in session cookie as the Remix pages use it; what it holds and how it is checked live in adapters/auth/session-storage. */
export { isHttps, SESSION_MAX_AGE_SECONDS, sessionExpired, type SessionData } from '../../adapters/auth/session-storage';

export function sessionStorageFor(context: AppLoadContext): SessionStorage<SessionData> {
  return sessionStorageOf(context.app);
}

export function getSession(request: Request, context: AppLoadContext): Promise<Session<SessionData>> {
  return sessionStorageFor(context).getSession(request.headers.get('Cookie'));
}

export function commitSession(session: Session<SessionData>, context: AppLoadContext): Promise<string> {
  return sessionStorageFor(context).commitSession(session);
}

export function destroySession(session: Session<SessionData>, context: AppLoadContext): Promise<string> {
  return sessionStorageFor(context).destroySession(session);
}

/** A fresh session for a user who just signed in (a new cookie value: no fixation). */
export async function startUserSession(request: Request, context: AppLoadContext, user: { id: string; sessionVersion: number }): Promise<string> {
  const session = await getSession(request, context);
  session.unset('redirectTo');
  session.unset('pendingProfile');
  session.unset('oauth2:state');
  session.set('userId', user.id);
  session.set('sessionVersion', user.sessionVersion);
  session.set('issuedAt', context.app.clock.now().getTime());
  return commitSession(session, context);
}
