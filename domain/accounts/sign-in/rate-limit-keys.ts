/**
 * The keys of the rate-limit counters kept per account (SPEC §9): the sign-in use cases count
 * under them and the erasure of an account clears them (erasure/account-erasure.ts).
 */

// eslint-disable-next-line no-control-regex -- control characters are dropped on purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The account's counter key, or null without an email. */
export function loginAccountKey(email: unknown): string | null {
  // Control characters dropped: the key is stored, and PostgreSQL refuses NUL in text.
  const account = typeof email === 'string' ? email.replace(CONTROL_CHARACTERS, '').trim().toLowerCase() : '';
  return account ? `login:account:${account}` : null;
}

/** The counters of 'Forgot your password?': one per client address, one per email. */
export const passwordResetLimitKeys = (ip: string, email: string) => ({ ip: `password-reset:ip:${ip}`, email: `password-reset:email:${email}` });
