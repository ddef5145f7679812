import { PASSWORD_RESET_LINK_LIFETIME_MS, type PasswordResetTokens } from '../../domain/accounts/sign-in/password-reset-tokens';
import { isId } from '../../domain/shared/ids';
import { createSignedTokens } from './signed-tokens';

/**
 * Password-reset links: a signed token (purpose 'password-reset', so a verification token is
 * refused here and the other way round) naming the user, the email and the session version,
 * valid for one hour. Nothing is stored: the session version makes a used link stale.
 */
export function createPasswordResetTokens(secret: string): PasswordResetTokens {
  const tokens = createSignedTokens<{ u: string; e: string; v: number }>(secret, 'password-reset', (value) => {
    const v = value as { u?: unknown; e?: unknown; v?: unknown } | null;
    return v && isId(v.u) && typeof v.e === 'string' && Number.isInteger(v.v) && (v.v as number) >= 0 ? { u: v.u, e: v.e, v: v.v as number } : null;
  });
  return {
    async issue(claim, now) {
      return tokens.sign({ u: claim.userId, e: claim.email, v: claim.sessionVersion }, new Date(now.getTime() + PASSWORD_RESET_LINK_LIFETIME_MS));
    },
    async read(token, now) {
      const claim = tokens.verify(token, now);
      return claim ? { userId: claim.u, email: claim.e, sessionVersion: claim.v } : null;
    },
  };
}
