import { HOUR_MS } from '../../shared/clock';
import type { Id } from '../../shared/ids';

/** A password-reset link works for one hour after it was mailed. */
export const PASSWORD_RESET_LINK_LIFETIME_MS = HOUR_MS;

/**
 * What a password-reset link vouches for: this user, at this email, while their session version
 * is still this one. A reset (or a password change, a logout, a deactivation) bumps the session
 * version, so a link stops working once used or once anything newer happened: single use
 * without a table of issued links.
 */
export interface PasswordResetClaim {
  readonly userId: Id;
  readonly email: string;
  readonly sessionVersion: number;
}

/** Port: the token in a password-reset link (signed and time-limited by the adapter). */
export interface PasswordResetTokens {
  issue(claim: PasswordResetClaim, now: Date): Promise<string>;
  /** The claim of a valid, unexpired token; null otherwise. */
  read(token: string, now: Date): Promise<PasswordResetClaim | null>;
}
