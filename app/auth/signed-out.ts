/**
 * What a JSON resource under /api/ answers a request without a valid session (401), and where the
 * page that asked sends the person: the landing page's login dialog, back to that page afterwards.
 * Shared by the server's guard and the browser's loaders of those resources.
 */
export const SIGNED_OUT_CODE = 'SIGNED_OUT';
export const SIGNED_OUT_TEXT = 'Your session has ended. Please log in again.';
export const SIGNED_OUT_REPLY = { ok: false, code: SIGNED_OUT_CODE, error: SIGNED_OUT_TEXT } as const;

export function isSignedOutReply(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { code?: unknown }).code === SIGNED_OUT_CODE;
}

/** The landing page with the login dialog open, coming back to `back` ('/path?query') afterwards. */
export function loginPathFor(back: string): string {
  return back === '/' ? '/?login=1' : `/?login=1&redirectTo=${encodeURIComponent(back)}`;
}
