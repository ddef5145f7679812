import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { parseForm } from '../../../validation/parse-form';
import { accountErrors } from '../../users/account-errors';
import { loginSchema } from '../../users/account.schemas';
import type { PasswordHasher } from '../password-hasher';
import { canSignIn, type User } from '../../users/user';

/**
 * SPEC §8 email sign-in. A wrong email or password gives one answer for both ('Invalid email
 * or password. …'); only once the password is right does the person learn that the account is
 * deactivated or that the email still needs verifying ('Please check your email and click the
 * verification link before logging in.'). Rate limiting ('login' policy) is the caller's job.
 */
export async function loginWithEmail(deps: { uow: UnitOfWork; hasher: PasswordHasher }, form: unknown): Promise<Result<User>> {
  const parsed = parseForm(loginSchema, form);
  if (!parsed.ok) return parsed;
  const { email, password } = parsed.value;
  const user = await deps.uow.read.users.findByEmail(email);
  if (!user || !user.passwordHash) {
    await deps.hasher.hash(password); // spend the same time as a real check
    return err(accountErrors.invalidCredentials());
  }
  if (!(await deps.hasher.verify(password, user.passwordHash))) return err(accountErrors.invalidCredentials());
  if (!canSignIn(user)) return err(accountErrors.accountDeactivated());
  if (!user.emailVerifiedAt) return err(accountErrors.emailNotVerified());
  return ok(user);
}
