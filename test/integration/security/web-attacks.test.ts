import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../../../app/auth/guards.server';
import { createUser } from '../../support/accounts';
import { sameOrigin, startHttpApp, useHttpApp, type HttpApp } from '../../support/http-app';

/**
 * Web attacks, over HTTP against the production middleware stack and build: cross-origin writes
 * refused, security headers and a nonce-based CSP on every page, request bodies bounded,
 * redirects kept on this site.
 */
const http = useHttpApp({ STRIPE_WEBHOOK_SECRET: 'whsec_test_secret' });
const EVIL = 'https://evil.example';

async function post(path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${http.baseUrl}${path}`, { method: 'POST', body: new URLSearchParams(body), headers, redirect: 'manual' });
}

/** Sends only the headers of a request (a body it announces but never sends) and returns the status. */
function statusForHeaders(baseUrl: string, path: string, headers: Record<string, string>): Promise<number> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('cross-origin writes', () => {
  let cookie: string;
  beforeAll(async () => {
    const { user } = await createUser(http.app, { email: 'origin-client@example.com' });
    cookie = await http.cookieFor(user.id);
  });

  it('refuses a POST whose Origin is another site, before any route runs', async () => {
    http.clearLogs();
    const res = await post('/auth/login', { email: 'origin-client@example.com', password: 'correct-horse-42' }, { Origin: EVIL });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
    const line = http.logs().find((l) => l.msg === 'refused: cross-origin request');
    expect(line).toMatchObject({ path: '/auth/login', origin: EVIL, reason: 'origin mismatch' });
    expect(line?.requestId).toEqual(expect.any(String));
  });

  it('refuses a signed-in logout sent from another site, and the session still works', async () => {
    const res = await post('/auth/logout', {}, { Origin: EVIL, Cookie: cookie });
    expect(res.status).toBe(403);
    const page = await fetch(`${http.baseUrl}/Messages`, { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(page.status).toBe(200);
  });

  it("refuses an opaque origin ('null'), a foreign Referer without Origin, and Sec-Fetch-Site: cross-site", async () => {
    expect((await post('/api/messages', { content: 'hi' }, { Origin: 'null', Cookie: cookie })).status).toBe(403);
    expect((await post('/api/messages', { content: 'hi' }, { Referer: `${EVIL}/page`, Cookie: cookie })).status).toBe(403);
    expect((await post('/api/messages', { content: 'hi' }, { 'Sec-Fetch-Site': 'cross-site', Origin: http.baseUrl, Cookie: cookie })).status).toBe(403);
    const put = await fetch(`${http.baseUrl}/MyBookings`, { method: 'PUT', headers: { Origin: EVIL, Cookie: cookie }, body: 'x' });
    expect(put.status).toBe(403);
    const del = await fetch(`${http.baseUrl}/MyBookings`, { method: 'DELETE', headers: { Origin: EVIL, Cookie: cookie } });
    expect(del.status).toBe(403);
  });

  it('lets a same-origin form through (Origin or Referer of this site), and a cookieless request with neither header', async () => {
    const own = await post('/auth/login', { email: 'origin-client@example.com', password: 'correct-horse-42' }, sameOrigin(http.baseUrl));
    expect(own.status).toBe(302);
    const byReferer = await post('/auth/login', { email: 'origin-client@example.com', password: 'correct-horse-42' }, { Referer: `${http.baseUrl}/?login=1` });
    expect(byReferer.status).toBe(302);
    const plain = await post('/auth/login', { email: 'origin-client@example.com', password: 'correct-horse-42' });
    expect(plain.status).toBe(302);
  });

  it('refuses a request that carries cookies but neither Origin nor Referer, and logs it', async () => {
    http.clearLogs();
    const res = await post('/api/messages', { content: 'hi' }, { Cookie: cookie });
    expect(res.status).toBe(403);
    const refused = http.logs().find((l) => l.msg === 'refused: cross-origin request');
    expect(refused).toMatchObject({ reason: 'no origin with cookies', path: '/api/messages' });
  });

  it('leaves the Stripe webhook to its signature check', async () => {
    const res = await fetch(`${http.baseUrl}/webhooks/stripe`, { method: 'POST', headers: { Origin: EVIL, 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
  });
});

describe('security headers and the Content-Security-Policy', () => {
  it('sends nosniff, a referrer policy, no framing, and a nonce CSP whose nonce marks every inline script', async () => {
    const res = await fetch(`${http.baseUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com/);
    expect(csp).not.toContain('stripe');
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attrs] of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    const again = (await fetch(`${http.baseUrl}/`)).headers.get('content-security-policy');
    expect(again).not.toBe(csp);
  });

  it('keeps the session cookie httpOnly and SameSite=Lax, without Secure over plain http', async () => {
    await createUser(http.app, { email: 'cookie-client@example.com' });
    const res = await post('/auth/login', { email: 'cookie-client@example.com', password: 'correct-horse-42' }, sameOrigin(http.baseUrl));
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^fact_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  describe('behind https (APP_URL https://…)', () => {
    let https: HttpApp & { close: () => Promise<void> };
    beforeAll(async () => {
      https = await startHttpApp({ APP_URL: 'https://fact.example', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' });
    }, 60_000);
    afterAll(async () => https?.close());

    it('adds HSTS, upgrades requests, names the cookie __Host- and marks it Secure, and allows Stripe.js', async () => {
      const page = await fetch(`${https.baseUrl}/`);
      expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d{8,}/);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain('upgrade-insecure-requests');
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
      // The Payment Element: Stripe.js's subdomains for its script and frames, hooks for 3-D Secure.
      expect(csp).toMatch(/script-src [^;]*https:\/\/\*\.js\.stripe\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/\*\.js\.stripe\.com [^;]*https:\/\/hooks\.stripe\.com/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-/);
      await createUser(https.app, { email: 'https-client@example.com' });
      const res = await fetch(`${https.baseUrl}/auth/login`, {
        method: 'POST',
        body: new URLSearchParams({ email: 'https-client@example.com', password: 'correct-horse-42' }),
        headers: { Origin: 'https://fact.example' },
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^__Host-fact_session=/);
      expect(cookie).toMatch(/Secure/i);
      expect(cookie).toMatch(/Path=\//i);
      expect(cookie).not.toMatch(/Domain=/i);
      expect(cookie).toMatch(/HttpOnly/i);
    });
  });
});

describe('request bodies', () => {
  it('refuses a body announced above 1 MB (413) before reading it, and 20 MB anywhere', async () => {
    expect(await statusForHeaders(http.baseUrl, '/auth/login', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(2 * 1024 * 1024) })).toBe(413);
    expect(await statusForHeaders(http.baseUrl, '/UserProfile', { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(20 * 1024 * 1024) })).toBe(413);
    expect(await statusForHeaders(http.baseUrl, '/webhooks/stripe', { 'content-type': 'application/json', 'content-length': String(20 * 1024 * 1024) })).toBe(413);
  });

  it('refuses a 20 MB body actually sent', async () => {
    const big = 'a='.concat('x'.repeat(20 * 1024 * 1024));
    const res = await fetch(`${http.baseUrl}/auth/login`, { method: 'POST', body: big, headers: { 'content-type': 'application/x-www-form-urlencoded' } }).catch((error: unknown) => error);
    // The server answers 413 and closes; a client still uploading may see the close instead.
    if (res instanceof Response) expect(res.status).toBe(413);
    else expect(String((res as Error).cause ?? res)).toMatch(/closed|reset|EPIPE|socket/i);
  });

  it('refuses a chunked body without a length (411) and a compressed body (415)', async () => {
    expect(await statusForHeaders(http.baseUrl, '/auth/login', { 'transfer-encoding': 'chunked' })).toBe(411);
    expect(await statusForHeaders(http.baseUrl, '/auth/login', { 'content-encoding': 'gzip', 'content-length': '10' })).toBe(415);
  });

  it('accepts an ordinary form', async () => {
    const res = await post('/auth/login', { email: 'nobody@example.com', password: 'wrong-password-1' }, sameOrigin(http.baseUrl));
    expect(res.status).toBeLessThan(500);
    expect(res.status).not.toBe(413);
  });
});

describe('redirects stay on this site', () => {
  const attempts = [
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    '\\\\evil.example',
    '/\t/evil.example',
    ' //evil.example',
    'javascript:alert(1)',
    'http:evil.example',
    '/%0d%0aSet-Cookie:x=y',
    '',
  ];

  beforeAll(async () => {
    await createUser(http.app, { email: 'redirect-client@example.com' });
  });

  it.each(attempts)('never sends a signed-in person to %j', async (target) => {
    const res = await post('/auth/login', { email: 'redirect-client@example.com', password: 'correct-horse-42', redirectTo: target }, sameOrigin(http.baseUrl));
    expect(res.status).toBe(302);
    const location = res.headers.get('location') ?? '';
    const resolved = new URL(location, http.baseUrl);
    expect(resolved.origin).toBe(new URL(http.baseUrl).origin);
    expect(location.startsWith('/')).toBe(true);
    expect(location.startsWith('//')).toBe(false);
    expect(res.headers.get('set-cookie') ?? '').not.toMatch(/x=y/);
  });

  it('keeps a same-site path', async () => {
    const res = await post('/auth/login', { email: 'redirect-client@example.com', password: 'correct-horse-42', redirectTo: '/Messages?x=1' }, sameOrigin(http.baseUrl));
    expect(res.headers.get('location')).toBe('/Messages?x=1');
  });

  it.each(['/api/email-preferences', '/API/payouts?x=1', '/./api/calendar-feed', '/%61pi/booking-options', '/api'])(
    'never sends a signed-in person back to the JSON resource %j, but to their home page',
    async (target) => {
      const res = await post('/auth/login', { email: 'redirect-client@example.com', password: 'correct-horse-42', redirectTo: target }, sameOrigin(http.baseUrl));
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/FindCoaches');
    },
  );

  it('keeps a page whose name only starts like the resources', async () => {
    expect(safeRedirectPath('/apix', '/home')).toBe('/apix');
    expect(safeRedirectPath('/Messages?next=/api/payouts', '/home')).toBe('/Messages?next=/api/payouts');
  });

  it('answers a signed-out request to a JSON resource with 401 and JSON, never a redirect to the login page', async () => {
    for (const [method, path] of [
      ['GET', '/api/email-preferences'],
      ['GET', '/api/payouts'],
      ['GET', '/api/calendar-feed'],
      ['POST', '/api/messages'],
      ['GET', '/admin/booking-search?q=FACT-2'],
    ] as const) {
      const res = await fetch(`${http.baseUrl}${path}`, {
        method,
        redirect: 'manual',
        headers: { Accept: 'application/json', ...(method === 'POST' ? sameOrigin(http.baseUrl) : {}) },
        body: method === 'POST' ? new URLSearchParams({ content: 'hi' }) : undefined,
      });
      expect(res.status, path).toBe(401);
      expect(res.headers.get('location'), path).toBeNull();
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(await res.json(), path).toEqual({ ok: false, code: 'SIGNED_OUT', error: 'Your session has ended. Please log in again.' });
    }
  });

  it('checks every way back in one place (safeRedirectPath)', () => {
    for (const target of attempts) expect(new URL(safeRedirectPath(target, '/home'), 'http://fact.local').origin).toBe('http://fact.local');
    expect(safeRedirectPath(42, '/home')).toBe('/home');
  });
});
