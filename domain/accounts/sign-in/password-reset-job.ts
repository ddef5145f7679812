import { emailSchema } from '../users/account.schemas';

/**
 * The outbox job of 'Forgot your password?'. It carries only the normalised email: the web
 * request does the same work whether or not an account exists (answer and time alike), and the
 * worker looks the account up and mails the link.
 */
export const PASSWORD_RESET_JOB = 'account.password_reset';

export interface PasswordResetJob {
  readonly email: string;
}

/** The payload as the worker reads it back (re-validated: never trusted), or null. */
export function parsePasswordResetJob(payload: unknown): PasswordResetJob | null {
  const email = emailSchema.safeParse((payload as { email?: unknown } | null)?.email);
  return email.success ? { email: email.data } : null;
}
