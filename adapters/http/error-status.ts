import type { RequestHandler } from 'express';
import { isDatabaseUnavailable, type DatabaseOutage } from './database-outage';

/** PostgreSQL refusing a value sent to it (a NUL byte, an unencodable character): the input was bad. */
const BAD_VALUE_STATES = new Set(['08P01', '22021', '22P05']);

/**
 * A body that is not the form it claims to be (a broken multipart, a truncated upload), or a
 * value in it that the database cannot hold.
 */
export function isUnreadableBody(error: unknown): boolean {
  if (error instanceof TypeError && /FormData|Content-Type was not one of|multipart|Unexpected end of form|boundary/i.test(error.message)) return true;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; sqlState?: unknown; cause?: unknown };
    const state = typeof e.sqlState === 'string' ? e.sqlState : typeof e.code === 'string' ? e.code : undefined;
    if (state && BAD_VALUE_STATES.has(state)) return true;
    current = e.cause;
  }
  return false;
}

/**
 * Gives an error no route handled the status it deserves instead of a bare 500: a request body
 * that cannot be read is the client's fault (400), a database that cannot be reached is a 503
 * with Retry-After (and opens the outage gate). Remix reports such errors through the load
 * context's `reportError` (app/entry.server.tsx handleError) before it answers; the status is
 * rewritten as the answer leaves. A 5xx nobody explained asks the outage gate to probe.
 */
export function errorStatus(outage: DatabaseOutage): RequestHandler {
  return (_req, res, next) => {
    const status = res.status.bind(res);
    res.status = (code: number) => {
      if (code >= 500 && code !== 503) {
        const cause = res.locals.failure as 'database' | 'body' | undefined;
        if (cause === 'database') {
          res.setHeader('Retry-After', '2');
          return status(503);
        }
        if (cause === 'body') return status(400);
        outage.suspect();
      }
      return status(code);
    };
    res.locals.reportError = (error: unknown) => {
      if (isDatabaseUnavailable(error)) {
        res.locals.failure = 'database';
        outage.report(error);
      } else if (isUnreadableBody(error)) res.locals.failure = 'body';
    };
    next();
  };
}
