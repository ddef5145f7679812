import type { RequestHandler } from 'express';
import { randomFillSync } from 'node:crypto';

export interface CspOptions {
  /** Stripe keys configured: Stripe.js and its frames and API are allowed, nothing of Stripe otherwise. */
  stripe: boolean;
  /** APP_URL is https: plain-http subresources are upgraded. */
  https: boolean;
  /** Origin of a configured STRIPE_API_BASE (a Stripe-compatible API other than api.stripe.com). */
  stripeApiOrigin?: string;
}

/** Embedded coach videos (domain/accounts/video-clips: youtube-nocookie and Vimeo with dnt). */
const VIDEO_FRAMES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * The Content-Security-Policy of every response, with a fresh nonce per request for the inline
 * scripts Remix writes (`<Scripts nonce>`, `<ScrollRestoration nonce>` in app/root.tsx, and
 * React's streaming scripts through entry.server.tsx). Scripts come only from this origin or
 * carry the nonce; nothing may frame FACT; forms post only here (and to Google's sign-in, which
 * /auth/google redirects to). Styles allow 'unsafe-inline' (style attributes rendered on the
 * server); no script can run from a style.
 */
export function buildCsp(nonce: string, options: CspOptions): string {
  // Stripe's CSP guide (docs.stripe.com/security/guide#content-security-policy) for Stripe.js and the
  // Payment Element: its script and frames on js.stripe.com and its subdomains, 3-D Secure and
  // redirect frames on hooks.stripe.com, the fraud-signals frame on m.stripe.network.
  const stripeScript = options.stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [];
  const stripeFrames = options.stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://m.stripe.network'] : [];
  const stripeConnect = options.stripe ? ['https://api.stripe.com', ...(options.stripeApiOrigin ? [options.stripeApiOrigin] : [])] : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", `'nonce-${nonce}'`, ...stripeScript],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', 'https://*.googleusercontent.com', ...(options.stripe ? ['https://*.stripe.com'] : [])],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...stripeConnect],
    ['frame-src', ...VIDEO_FRAMES, ...stripeFrames],
    ['media-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'", 'https://accounts.google.com'],
    ['frame-ancestors', "'none'"],
    ['manifest-src', "'self'"],
    ['worker-src', "'self'"],
  ];
  if (options.https) directives.push(['upgrade-insecure-requests']);
  return directives.map((d) => d.join(' ')).join('; ');
}

/** Random bytes drawn 4 KB at a time: one call into the system's generator per 256 nonces, not per page. */
const NONCE_BYTES = 16;
const pool = Buffer.allocUnsafeSlow(4096);
let poolOffset = pool.length;

/** 128 random bits, base64 (CSP3 asks for at least 128), each from bytes used once only. */
export function newCspNonce(): string {
  if (poolOffset + NONCE_BYTES > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const nonce = pool.toString('base64', poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/**
 * Sets `res.locals.cspNonce` (handed to Remix through the load context) and the header. The
 * policy around the nonce is built once: each request only joins three strings.
 */
export function contentSecurityPolicy(options: CspOptions): RequestHandler {
  const marker = '\u0000';
  const [before, after] = buildCsp(marker, options).split(marker) as [string, string];
  return (_req, res, next) => {
    const nonce = newCspNonce();
    res.locals.cspNonce = nonce;
    res.setHeader('Content-Security-Policy', before + nonce + after);
    next();
  };
}
