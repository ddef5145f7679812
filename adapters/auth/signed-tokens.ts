import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact signed, expiring tokens: base64url(JSON payload) + '.' + base64url(HMAC-SHA256).
 * `purpose` is part of what is signed, so a token made for one use is refused for another.
 */
export interface SignedTokens<T> {
  sign(payload: T, expiresAt: Date): string;
  verify(token: string, now: Date): T | null;
}

export function createSignedTokens<T>(secret: string, purpose: string, parse: (value: unknown) => T | null): SignedTokens<T> {
  const mac = (body: string) => createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url');
  return {
    sign(payload, expiresAt) {
      const body = Buffer.from(JSON.stringify({ p: payload, exp: expiresAt.getTime() })).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    verify(token, now) {
      if (token.length > 4096) return null;
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p?: unknown; exp?: unknown };
        if (typeof decoded.exp !== 'number' || decoded.exp <= now.getTime()) return null;
        return parse(decoded.p);
      } catch {
        return null;
      }
    },
  };
}
