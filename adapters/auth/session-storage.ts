import { createCookie, createCookieSessionStorage, type Session, type SessionStorage } from '@remix-run/node';
import { rememberingVerifiedCookie } from './remembered-cookie';
import { canSignIn, type User } from '../../domain/accounts/users/user';
import type { Application } from '../composition-root';
import type { UserRepository } from '../../domain/accounts/users/user.repository';

/**
 * The sign-in session (PRODUCT.md): a signed, httpOnly, SameSite=Lax cookie holding only the
 * user id and the user's session version — no personal data. Over https it is Secure and named
 * `__Host-…` (bound to this host, path /). Bumping `users.session_version` ends every session of
 * that user at once (logout, password change, deactivation, approved deletion).
 *
 * Here, not in app/, because both the Remix pages (app/auth) and the server-sent events stream
 * (adapters/realtime) read it: layers import downwards only.
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

export function sessionStorageOf(app: Application): SessionStorage<SessionData> {
  let storage = storages.get(app);
  if (!storage) {
    const secure = isHttps(app);
    const name = secure ? '__Host-fact_session' : 'fact_session';
    const cookie = createCookie(name, { httpOnly: true, sameSite: 'lax', secure, path: '/', secrets: [app.sessionSecret], maxAge: SESSION_MAX_AGE_SECONDS });
    storage = createCookieSessionStorage<SessionData>({ cookie: rememberingVerifiedCookie(cookie) });
    storages.set(app, storage);
  }
  return storage;
}

export interface SessionLookup {
  readonly user: User | null;
  /** A cookie was sent but no longer names a valid session. */
  readonly stale: boolean;
  readonly session: Session<SessionData>;
}

/**
 * Who the cookie signs in. A session counts only while its user exists, may sign in (active, not
 * erased), still has the session version the cookie was issued with and was signed in less than
 * 30 days ago; anything else is signed out (`stale` when a cookie was sent).
 */
export async function signedInUserOf(
  cookieHeader: string | null,
  app: Application,
  /** The request's own reads when it has them (app/request-deps.server.ts), asked only when needed. */
  users: () => Pick<UserRepository, 'findById'> = () => app.deps().uow.read.users,
): Promise<SessionLookup> {
  const session = await sessionStorageOf(app).getSession(cookieHeader);
  const userId = session.get('userId');
  if (!userId) return { user: null, stale: false, session };
  if (sessionExpired(session.get('issuedAt'), app.clock.now())) return { user: null, stale: true, session };
  const user = await users().findById(userId);
  if (!user || !canSignIn(user) || user.sessionVersion !== session.get('sessionVersion')) return { user: null, stale: true, session };
  return { user, stale: false, session };
}
