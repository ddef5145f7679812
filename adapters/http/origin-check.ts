import type { Request, RequestHandler } from 'express';
import type { Logger } from '../logging/logger';

/** Methods that never change anything (and that no route may use to change anything). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface OriginCheckOptions {
  /** APP_URL: the public origin the browser sees (behind a proxy it differs from the Host). */
  appUrl?: string;
  /** Paths called by other servers, verified otherwise (the Stripe webhook's signature). */
  exempt: readonly string[];
  logger: Logger;
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins a same-site form may come from: APP_URL, and the origin this request was sent to. */
function allowedOrigins(req: Request, appUrl: string | undefined): Set<string> {
  const allowed = new Set<string>();
  const configured = appUrl ? originOf(appUrl) : null;
  if (configured) allowed.add(configured);
  const host = req.get('host');
  if (host) {
    const own = originOf(`${req.protocol}://${host}`);
    if (own) allowed.add(own);
  }
  return allowed;
}

/** Why a state-changing request is refused, or null when it may go on. */
export function crossOriginReason(req: Request, appUrl: string | undefined): string | null {
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite === 'cross-site') return 'sec-fetch-site: cross-site';
  const allowed = allowedOrigins(req, appUrl);
  const origin = req.get('origin');
  if (origin !== undefined) {
    if (origin === 'null') return 'opaque origin';
    const parsed = originOf(origin);
    return parsed && allowed.has(parsed) ? null : 'origin mismatch';
  }
  const referer = req.get('referer');
  if (referer !== undefined) {
    const parsed = originOf(referer);
    return parsed && allowed.has(parsed) ? null : 'referer mismatch';
  }
  // Neither header. Every current browser sends Origin on POST, PUT, PATCH and DELETE, so this is
  // a script; with cookies it must say where it comes from like a browser would (nothing may act
  // for a signed-in person without proof of origin). Without cookies nobody's session is at stake.
  return req.get('cookie') ? 'no origin with cookies' : null;
}

/**
 * CSRF defence for every state-changing request (OWASP ASVS 3.5): POST, PUT, PATCH and DELETE
 * must come from this site's own pages (Origin, else Referer, matching APP_URL or the Host), and
 * never from a `Sec-Fetch-Site: cross-site` context; one that carries cookies must carry one of
 * the two headers. Refusals are 403 and logged.
 */
export function originCheck(options: OriginCheckOptions): RequestHandler {
  const exempt = new Set(options.exempt);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || exempt.has(req.path)) {
      next();
      return;
    }
    const reason = crossOriginReason(req, options.appUrl);
    if (!reason) {
      next();
      return;
    }
    options.logger.warn({ requestId: res.locals.requestId, method: req.method, path: req.path, origin: req.get('origin') ?? null, reason, action: 'cross_origin' }, 'refused: cross-origin request');
    res.status(403).type('text/plain').send('Forbidden: cross-origin request');
  };
}
