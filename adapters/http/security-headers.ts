import type { RequestHandler } from 'express';

/**
 * Baseline security headers for every response (CSP is added with the pages that need it). Routes
 * do not name these again: the headers of a Remix response are appended to the ones set here, so a
 * route that repeats one sends it twice.
 */
export function securityHeaders(options: { https: boolean }): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    // Geolocation for this site only: FindCoaches' 'Use my location' asks on a click.
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)');
    if (options.https) res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    next();
  };
}
