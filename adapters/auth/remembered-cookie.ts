import type { Cookie, CookieParseOptions } from '@remix-run/node';

/**
 * A signed cookie that remembers what it verified: the same Cookie header (a signed-in person's
 * every request) is checked once, not HMAC'd again per request. Safe because verification is a pure function of the header and the secrets, which a
 * process never changes. Only verified values are kept (a forged header, or one signed with another
 * secret, is checked every time, and cannot push good ones out by failing), the least recently used go first, and each kept
 * value is frozen: Remix copies a session's data into its own map.
 */
export function rememberingVerifiedCookie(cookie: Cookie, max = 1_000): Cookie {
  const verified = new Map<string, unknown>();
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    async parse(cookieHeader: string | null, options?: CookieParseOptions) {
      if (!cookieHeader || options) return cookie.parse(cookieHeader, options) as Promise<unknown>;
      const kept = verified.get(cookieHeader);
      if (kept !== undefined) {
        verified.delete(cookieHeader);
        verified.set(cookieHeader, kept);
        return kept;
      }
      const value: unknown = await cookie.parse(cookieHeader);
      if (value !== null && typeof value === 'object') {
        if (verified.size >= max) verified.delete(verified.keys().next().value!);
        verified.set(cookieHeader, Object.freeze(value));
      }
      return value;
    },
    serialize: (value, options) => cookie.serialize(value, options),
  };
}
