import * as z from 'zod';
import { accountErrors } from '../../accounts/users/account-errors';
import { emailSchema, fullNameSchema, passwordSchema } from '../../accounts/users/account.schemas';
import { isAdmin, type Actor } from '../../policy/actor';
import type { PasswordHasher } from '../../accounts/sign-in/password-hasher';
import { registerUser, type User } from '../../accounts/users/user';
import { policyErrors } from '../../policy/policy-errors';
import type { Clock } from '../../shared/clock';
import type { IdSource } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { parseForm } from '../../validation/parse-form';
import { adminErrors, MIN_ADMIN_PASSWORD_LENGTH } from '../admin-errors';
import type { AdministratorDirectory } from '../administrator-directory';

export interface CreateAdministratorDeps {
  readonly uow: UnitOfWork;
  readonly hasher: PasswordHasher;
  readonly ids: IdSource;
  readonly clock: Clock;
  readonly admins: AdministratorDirectory;
}

export const createAdministratorSchema = z.object({
  email: emailSchema,
  fullName: fullNameSchema,
  password: passwordSchema,
});

/**
 * PRODUCT.md: the first administrator is created from the command line. With no administrator
 * yet, anyone with access to the ops shell may create one; after that only an administrator may
 * (`actor`). The account is verified at once (an operator vouches for the address) and signs in
 * with the password; an existing email is refused, never silently promoted.
 */
export async function createAdministrator(deps: CreateAdministratorDeps, input: { actor: Actor | null; form: unknown }): Promise<Result<User>> {
  const parsed = parseForm(createAdministratorSchema, input.form);
  if (!parsed.ok) return parsed;
  if (parsed.value.password.length < MIN_ADMIN_PASSWORD_LENGTH) return err(adminErrors.adminPasswordTooShort());
  if (await deps.admins.hasAnyAdministrator()) {
    if (!input.actor) return err(adminErrors.actingAdminRequired());
    if (!isAdmin(input.actor)) return err(policyErrors.adminOnly());
  }
  if (await deps.uow.read.users.findByEmail(parsed.value.email)) return err(accountErrors.emailTaken());
  const passwordHash = await deps.hasher.hash(parsed.value.password);
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const user = registerUser({ id: deps.ids.newId(), email: parsed.value.email, fullName: parsed.value.fullName, passwordHash, emailVerified: true, userType: 'client', role: 'admin' }, now);
    if (!user.ok) return user;
    const saved = await tx.users.save(user.value);
    return saved.ok ? ok(user.value) : saved;
  });
}
