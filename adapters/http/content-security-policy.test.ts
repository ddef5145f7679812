import { describe, expect, it } from 'vitest';
import { buildCsp, newCspNonce } from './content-security-policy';

/** The policy as a map: directive → its sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources] as const;
    }),
  );
}

describe('the Content-Security-Policy', () => {
  it('names nothing of Stripe when no keys are configured', () => {
    const csp = buildCsp('bm9uY2U=', { stripe: false, https: false });
    expect(csp).not.toMatch(/stripe/i);
    const d = directives(csp);
    expect(d.get('script-src')).toEqual(["'self'", "'nonce-bm9uY2U='"]);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('frame-src')).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
  });

  it("adds exactly Stripe's origins for Stripe.js and the Payment Element when keys are configured", () => {
    const d = directives(buildCsp('bm9uY2U=', { stripe: true, https: true }));
    expect(d.get('script-src')).toEqual(["'self'", "'nonce-bm9uY2U='", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(d.get('frame-src')).toEqual([
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
      'https://m.stripe.network',
    ]);
    expect(d.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(d.get('img-src')).toContain('https://*.stripe.com');
    expect(d.has('upgrade-insecure-requests')).toBe(true);
  });

  it('stays strict with Stripe: no inline or eval scripts, no framing of FACT, forms only here and to Google', () => {
    const csp = buildCsp('bm9uY2U=', { stripe: true, https: false, stripeApiOrigin: 'http://127.0.0.1:12111' });
    const d = directives(csp);
    expect(d.get('script-src')!.some((s) => s.includes('unsafe'))).toBe(false);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('form-action')).toEqual(["'self'", 'https://accounts.google.com']);
    expect(d.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com', 'http://127.0.0.1:12111']);
    expect(d.has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('the CSP nonce', () => {
  it('is 16 random bytes that never repeat, across several refills of its pool', () => {
    const nonces = Array.from({ length: 1_000 }, () => newCspNonce());
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
