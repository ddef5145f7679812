import { json, redirect, type AppLoadContext } from '@remix-run/node';
import type { Actor } from '../../domain/policy/actor';
import { toActor, type User } from '../../domain/accounts/users/user';
import { signedInUserOf } from '../../adapters/auth/session-storage';
import { loginPathFor, SIGNED_OUT_REPLY } from './signed-out';
import { destroySession, getSession } from './session.server';
import { requestDeps } from '~/request-deps.server';

/**
 * Who is signed in. A session counts only while its user exists, may sign in (active, not
 * erased), still has the session version the cookie was issued with and was signed in less
 * than 30 days ago (sessionExpired); anything else is
 * treated as signed out (and the cookie is cleared by requireUser).
 */
interface SessionLookup {
  readonly user: User | null;
  /** A cookie was sent but no longer names a valid session. */
  readonly stale: boolean;
}

declare module '@remix-run/server-runtime' {
  interface AppLoadContext {
    /** This request's session lookups (lookUpOnce), by the context itself or by a Request. */
    sessionLookups?: Map<object, Promise<SessionLookup>>;
  }
}

async function lookUp(request: Request, context: AppLoadContext): Promise<SessionLookup> {
  const { user, stale } = await signedInUserOf(request.headers.get('Cookie'), context.app, () => requestDeps(context).uow.read.users);
  return { user, stale };
}

/**
 * One lookup per page: keyed by the request context on a GET (one context per HTTP request, while
 * Remix gives each loader its own Request), by the Request otherwise (an action may sign someone
 * in or out before the loaders run). Kept on the context, which lives as long as the request: a
 * module WeakMap could keep each lookup until a full collection.
 */
function lookUpOnce(request: Request, context: AppLoadContext): Promise<SessionLookup> {
  const key: object = context.readOnlyRequest ? context : request;
  const lookups = (context.sessionLookups ??= new Map<object, Promise<SessionLookup>>());
  let found = lookups.get(key);
  if (!found) {
    found = lookUp(request, context);
    lookups.set(key, found);
  }
  return found;
}

/** The signed-in user, or null. */
export async function getCurrentUser(request: Request, context: AppLoadContext): Promise<User | null> {
  return (await lookUpOnce(request, context)).user;
}

/**
 * A same-origin page to come back to: '/x?y' only (never '//host' or '/\\host'), and never a JSON
 * resource under /api/, which is no page to land on after signing in.
 */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  if (isApiPath(value)) return fallback;
  return value;
}

/** Whether a same-origin path leads under /api/, however it is dotted or percent-encoded. */
function isApiPath(value: string): boolean {
  try {
    return /^\/api(?:\/|$)/i.test(decodeURIComponent(new URL(value, 'http://fact.local').pathname));
  } catch {
    return true;
  }
}

/** The landing page with the login dialog open, coming back to `request`'s page afterwards. */
export function loginUrlFor(request: Request): string {
  const url = new URL(request.url);
  return loginPathFor(`${url.pathname}${url.search}`);
}

/**
 * The signed-in user, or a redirect to Landing with the login dialog (and the way back). A
 * deactivated user or a session ended elsewhere (stale version) is signed out here.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<User> {
  const { user, stale } = await lookUpOnce(request, context);
  if (user) return user;
  if (stale) {
    const session = await getSession(request, context);
    throw redirect(loginUrlFor(request), { headers: { 'Set-Cookie': await destroySession(session, context) } });
  }
  throw redirect(loginUrlFor(request));
}

/**
 * The signed-in user, or the answer a JSON resource under /api/ returns without one: 401 with
 * SIGNED_OUT_REPLY (a stale cookie cleared). Never a redirect to the login page, which a fetcher
 * would follow and which would bring the person back to JSON after signing in; returned, not
 * thrown, so a fetcher receives it as data (Remix sends a thrown one to the error boundary). The
 * page that asked decides where to go (useLoginWhenSignedOut: the login dialog, back to that page).
 *
 *   const user = await apiUser(request, context);
 *   if (user instanceof Response) return user;
 */
export async function apiUser(request: Request, context: AppLoadContext): Promise<User | Response> {
  const { user, stale } = await lookUpOnce(request, context);
  if (user) return user;
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  if (stale) headers.set('Set-Cookie', await destroySession(await getSession(request, context), context));
  context.log.info({ path: new URL(request.url).pathname, stale }, 'refused: not signed in');
  return json(SIGNED_OUT_REPLY, { status: 401, headers });
}

/**
 * An administrator, or nothing at all: everyone else gets a plain 404 (SPEC: non-admins see
 * nothing of admin pages), logged as a refused action.
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<User> {
  return adminOnly(await requireUser(request, context), request, context);
}

/**
 * An administrator for an admin JSON resource (the reference search): 401 and SIGNED_OUT_REPLY
 * without a session, as `apiUser` answers, and the plain 404 of admin pages to
 * everyone else.
 */
export async function apiAdmin(request: Request, context: AppLoadContext): Promise<User | Response> {
  const user = await apiUser(request, context);
  return user instanceof Response ? user : adminOnly(user, request, context);
}

function adminOnly(user: User, request: Request, context: AppLoadContext): User {
  if (user.role !== 'admin') {
    context.log.warn({ userId: user.id, path: new URL(request.url).pathname, action: 'admin_page' }, 'refused: not an administrator');
    throw new Response('Not Found', { status: 404 });
  }
  return user;
}

/** The actor every use case takes. */
export function actorOf(user: User): Actor {
  return toActor(user);
}
