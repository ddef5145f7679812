import type { AccountLinks, EmailVerificationTokens } from '../../domain/accounts/sign-in/email-verification-tokens';
import { DAY_MS } from '../../domain/shared/clock';
import { isId } from '../../domain/shared/ids';
import { createSignedTokens } from './signed-tokens';

/** Verification links stay valid for 3 days. */
export const VERIFICATION_LINK_LIFETIME_MS = 3 * DAY_MS;

export function createEmailVerificationTokens(secret: string): EmailVerificationTokens {
  const tokens = createSignedTokens<{ u: string; e: string }>(secret, 'email-verification', (value) => {
    const v = value as { u?: unknown; e?: unknown } | null;
    return v && isId(v.u) && typeof v.e === 'string' ? { u: v.u, e: v.e } : null;
  });
  return {
    async issue(claim, now) {
      return tokens.sign({ u: claim.userId, e: claim.email }, new Date(now.getTime() + VERIFICATION_LINK_LIFETIME_MS));
    },
    async read(token, now) {
      const claim = tokens.verify(token, now);
      return claim ? { userId: claim.u, email: claim.e } : null;
    },
  };
}

/** Links in e-mails point at the public origin (APP_URL). */
export function createAccountLinks(appUrl: string): AccountLinks {
  const base = appUrl.replace(/\/+$/, '');
  return {
    verifyEmailUrl: (token) => `${base}/auth/verify?token=${encodeURIComponent(token)}`,
    resetPasswordUrl: (token) => `${base}/ResetPassword?token=${encodeURIComponent(token)}`,
    loginUrl: () => `${base}/?login=1`,
  };
}
