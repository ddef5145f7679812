import type { Clock } from '../../shared/clock';
import { rateLimited } from '../../shared/errors';
import { err, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { rateLimitMessage } from '../../rate-limit/check-rate-limit';
import { RATE_LIMITS } from '../../rate-limit/rate-limit-policy';
import type { RateLimitReader } from '../../rate-limit/rate-limit-reader';
import type { RateLimitStore } from '../../rate-limit/rate-limit-store';
import type { PasswordHasher } from '../password-hasher';
import type { User } from '../user';
import { loginWithEmail } from './login-with-email';

/**
 * SPEC §9 login limit (5 per 15 minutes), per account and per address, counted in the shared
 * store. Only failed attempts count, so someone who signs in often is never locked out; once an
 * account or an address has 5 failures in its window, every attempt — even with the right
 * password — is refused with 'Too many requests. Please wait until {time}' until it ends.
 */
export function loginLimitKeys(email: unknown, ip: string): string[] {
  const account = loginAccountKey(email);
  return [...(account ? [account] : []), `login:ip:${ip}`];
}

// eslint-disable-next-line no-control-regex -- control characters are dropped on purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The account's counter key, or null without an email. */
export function loginAccountKey(email: unknown): string | null {
  // Control characters dropped: the key is stored, and PostgreSQL refuses NUL in text.
  const account = typeof email === 'string' ? email.replace(CONTROL_CHARACTERS, '').trim().toLowerCase() : '';
  return account ? `login:account:${account}` : null;
}

export async function signInWithEmail(
  deps: { uow: UnitOfWork; hasher: PasswordHasher; clock: Clock; rateLimits: RateLimitStore & RateLimitReader },
  input: { form: { email?: unknown; password?: unknown }; ip: string },
): Promise<Result<User>> {
  const policy = RATE_LIMITS.login;
  const keys = loginLimitKeys(input.form.email, input.ip);
  const now = deps.clock.now();
  const windows = await Promise.all(keys.map((key) => deps.rateLimits.current(key, now)));
  const blocked = windows.filter((w) => w !== null && w.count >= policy.limit);
  if (blocked.length > 0) {
    const until = new Date(Math.max(...blocked.map((w) => w!.resetAt.getTime())));
    return err(rateLimited('RATE_LIMITED', rateLimitMessage(policy, until)));
  }
  const result = await loginWithEmail(deps, input.form);
  if (!result.ok && result.error.code === 'INVALID_CREDENTIALS') {
    await Promise.all(keys.map((key) => deps.rateLimits.hit(key, policy.windowMs, now)));
  }
  return result;
}
