import type { RequestHandler } from 'express';

/**
 * Cache-Control for everything the server renders or answers (decision 015).
 * Remix drops a loader's headers on a document unless the route exports `headers`, so the policy
 * is applied here, once, as the headers go out:
 * - a request carrying the sign-in cookie, or a response setting a cookie, depends on the person:
 *   `private, no-store`, whatever a route said;
 * - the public pages (Landing, the legal pages, and FindCoaches and coach profiles: decision 048)
 *   asked for without a session: `public, max-age=300` with `Vary: Cookie` (they hold no personal
 *   data; their CSP nonce repeating for five minutes gives nothing away: the only people's words
 *   on them are coaches' public fields, which React writes as text, never as markup);
 * - anything else without a session keeps what its route chose, or `no-store`.
 * Built assets (/build, immutable) and public files are served before this and keep their own.
 */
export const PRIVATE_NO_STORE = 'private, no-store';
export const PUBLIC_BRIEFLY = 'public, max-age=300';

// FindCoaches and CoachProfile: the same pages app/auth/public-pages.ts opens to signed-out visitors.
const PUBLIC_PAGES = new Set(['/', '/landing', '/privacypolicy', '/terms', '/findcoaches', '/coachprofile']);
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?fact_session=/;

/** A route's `no-transform` (a server-sent events stream: compression must not buffer it) is always kept. */
const keepNoTransform = (value: string, choice: string | null): string => (choice && /\bno-transform\b/i.test(choice) ? `${value}, no-transform` : value);

export function cacheControlFor(input: { method: string; path: string; hasSession: boolean; setsCookie: boolean; status: number; routeChoice: string | null; isData: boolean }): string {
  if (input.hasSession || input.setsCookie) return keepNoTransform(PRIVATE_NO_STORE, input.routeChoice);
  const isGet = input.method === 'GET' || input.method === 'HEAD';
  if (isGet && input.status === 200 && !input.isData && PUBLIC_PAGES.has(input.path.toLowerCase().replace(/\/+$/, '') || '/')) return PUBLIC_BRIEFLY;
  return input.routeChoice ?? 'no-store';
}

export function cachePolicy(): RequestHandler {
  return (req, res, next) => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below as writeHead.apply(this, args)
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      const setsCookie = res.getHeader('Set-Cookie') !== undefined;
      const choice = res.getHeader('Cache-Control');
      const value = cacheControlFor({
        method: req.method,
        path: req.path,
        hasSession: SESSION_COOKIE.test(req.headers.cookie ?? ''),
        setsCookie,
        status: typeof args[0] === 'number' ? args[0] : res.statusCode,
        routeChoice: typeof choice === 'string' ? choice : null,
        isData: typeof req.query._data === 'string',
      });
      res.setHeader('Cache-Control', value);
      if (value === PUBLIC_BRIEFLY) {
        const vary = res.getHeader('Vary');
        res.setHeader('Vary', vary ? `${String(vary)}, Cookie` : 'Cookie');
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
