import type { Id } from '../../shared/ids';

/**
 * Port: the token in an email-verification link (signed and time-limited by the adapter).
 * It names the user and the email it was sent to, so a link for an old address is refused.
 */
export interface EmailVerificationTokens {
  issue(claim: { userId: Id; email: string }, now: Date): Promise<string>;
  /** The claim of a valid, unexpired token; null otherwise. */
  read(token: string, now: Date): Promise<{ userId: Id; email: string } | null>;
}

/** Port: where links in e-mails point (the app's public base URL lives in the adapter). */
export interface AccountLinks {
  verifyEmailUrl(token: string): string;
  /** The page where a password-reset link lets the person choose a new password. */
  resetPasswordUrl(token: string): string;
  loginUrl(): string;
}
