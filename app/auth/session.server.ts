import { createCookieSessionStorage, type Session, type SessionStorage } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/node';
import type { Application } from '../../adapters/composition-root';

/**
 * The sign-in session (PRODUCT.md): a signed, httpOnly, SameSite=Lax cookie holding only the
 * user id and the user's session version — no personal data. Over https it is Secure and named
 * `__Host-…` (bound to this host, path /). Bumping `users.session_version` ends every session of
 * that user at once (logout, password change, deactivation, approved deletion).
 */
export interface SessionData {
  userId: string;
  sessionVersion: number;
  /** Where to go after a Google round-trip (a same-origin path). */
  redirectTo: string;
  /** The registration form kept while Google signs the person in (SPEC §2 pendingProfileData). */
  pendingProfile: string;
  /** remix-auth-oauth2 keeps the OAuth state here during a Google round-trip. */
  'oauth2:state': string;
  /** When the person signed in (ms, app clock): the server ends the session 30 days later, whatever the cookie says. */
  issuedAt: number;
}

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

/**
 * The absolute session lifetime, checked on the server (a copied cookie does not obey the
 * browser's Max-Age): a session without a sign-in time, or signed in more than 30 days ago, is over.
 */
export function sessionExpired(issuedAt: unknown, now: Date): boolean {
  if (typeof issuedAt !== 'number' || !Number.isFinite(issuedAt)) return true;
  return now.getTime() - issuedAt > SESSION_MAX_AGE_SECONDS * 1000;
}

const storages = new WeakMap<Application, SessionStorage<SessionData>>();

export function isHttps(app: Application): boolean {
  return (app.env.APP_URL ?? '').startsWith('https://');
}

export function sessionStorageFor(context: AppLoadContext): SessionStorage<SessionData> {
  const app = context.app;
  let storage = storages.get(app);
  if (!storage) {
    const secure = isHttps(app);
    storage = createCookieSessionStorage<SessionData>({
      cookie: {
        name: secure ? '__Host-fact_session' : 'fact_session',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        secrets: [app.sessionSecret],
        maxAge: SESSION_MAX_AGE_SECONDS,
      },
    });
    storages.set(app, storage);
  }
  return storage;
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
export async function startUserSession(
  request: Request,
  context: AppLoadContext,
  user: { id: string; sessionVersion: number },
): Promise<string> {
  const session = await getSession(request, context);
  session.unset('redirectTo');
  session.unset('pendingProfile');
  session.unset('oauth2:state');
  session.set('userId', user.id);
  session.set('sessionVersion', user.sessionVersion);
  session.set('issuedAt', context.app.clock.now().getTime());
  return commitSession(session, context);
}
