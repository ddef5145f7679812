import type { Clock } from '../../../shared/clock';
import { conflict, rateLimited } from '../../../shared/errors';
import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { parseForm } from '../../../validation/parse-form';
import { rateLimitMessage } from '../../../rate-limit/check-rate-limit';
import { RATE_LIMITS } from '../../../rate-limit/rate-limit-policy';
import type { RateLimitReader } from '../../../rate-limit/rate-limit-reader';
import type { RateLimitStore } from '../../../rate-limit/rate-limit-store';
import { accountErrors } from '../../users/account-errors';
import type { Actor } from '../../../policy/actor';
import { setNewPassword } from '../password';
import { passwordErrors } from '../password-errors';
import type { PasswordHasher } from '../password-hasher';
import { refuseCommonPassword, type CommonPasswords } from '../common-passwords';
import { changePasswordSchema } from '../password.schemas';
import { canSignIn, type User } from '../../users/user';
import { loginLimitKeys } from './sign-in-with-email';

export interface ChangePasswordDeps {
  uow: UnitOfWork;
  hasher: PasswordHasher;
  commonPasswords: CommonPasswords;
  clock: Clock;
  rateLimits: RateLimitStore & RateLimitReader;
}

/**
 * A signed-in person changes their password: the current one must verify, the new one is at
 * least 6 characters ('Password must be at least 6 characters long') and typed twice ('Passwords
 * do not match'). A wrong current password counts as a failed login of the account (and of the
 * address), under the same limit (5 per 15 minutes), so this form cannot be used to guess it.
 * The new hash and a bumped session version are saved in one transaction: every session of the
 * person ends; the caller gives this device a fresh cookie with the returned user's version.
 */
export async function changePassword(deps: ChangePasswordDeps, input: { actor: Actor; form: unknown; ip: string }): Promise<Result<User>> {
  const now = deps.clock.now();
  const user = await deps.uow.read.users.findById(input.actor.userId);
  if (!user || !canSignIn(user)) return err(accountErrors.userNotFound());
  if (!user.passwordHash) return err(passwordErrors.noPassword());

  const policy = RATE_LIMITS.login;
  const keys = loginLimitKeys(user.email, input.ip);
  const windows = await Promise.all(keys.map((key) => deps.rateLimits.current(key, now)));
  const blocked = windows.filter((w) => w !== null && w.count >= policy.limit);
  if (blocked.length > 0) {
    const until = new Date(Math.max(...blocked.map((w) => w!.resetAt.getTime())));
    return err(rateLimited('RATE_LIMITED', rateLimitMessage(policy, until)));
  }

  const parsed = parseForm(changePasswordSchema, input.form);
  if (!parsed.ok) return parsed;
  if (!(await deps.hasher.verify(parsed.value.currentPassword, user.passwordHash))) {
    await Promise.all(keys.map((key) => deps.rateLimits.hit(key, policy.windowMs, now)));
    return err(passwordErrors.currentPasswordIncorrect());
  }
  const common = refuseCommonPassword(deps.commonPasswords, parsed.value.newPassword, 'newPassword');
  if (!common.ok) return common;
  // Hashing is slow on purpose: done before the transaction, which then only writes.
  const passwordHash = await deps.hasher.hash(parsed.value.newPassword);
  return deps.uow.transaction(async (tx) => {
    const fresh = await tx.users.findById(user.id);
    if (!fresh || !canSignIn(fresh)) return err(accountErrors.userNotFound());
    // Another change won meanwhile (the current password checked above may no longer be it).
    if (fresh.passwordHash !== user.passwordHash || fresh.sessionVersion !== user.sessionVersion) {
      return err(conflict('PASSWORD_CHANGED_MEANWHILE', 'Your password or sessions changed meanwhile. Please reload the page and try again.'));
    }
    const changed = setNewPassword(fresh, passwordHash, now);
    if (!changed.ok) return changed;
    const saved = await tx.users.save(changed.value);
    return saved.ok ? ok(changed.value) : saved;
  });
}
