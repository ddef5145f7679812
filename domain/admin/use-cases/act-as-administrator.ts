import type { Actor } from '../../policy/actor';
import { toActor } from '../../accounts/users/user';
import { emailSchema } from '../../accounts/users/account.schemas';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { adminErrors } from '../admin-errors';

/**
 * The ops CLI acts on behalf of a named administrator (`--as <email>`), so every action it takes
 * is recorded as theirs and checked by the same policy as the web: the account must exist, be an
 * administrator and be active.
 */
export async function actAsAdministrator(deps: { uow: UnitOfWork }, input: { email: string | null | undefined }): Promise<Result<Actor>> {
  const raw = (input.email ?? '').trim();
  if (raw === '') return err(adminErrors.actingAdminRequired());
  const email = emailSchema.safeParse(raw);
  if (!email.success) return err(adminErrors.actingUserNotFound(raw));
  const user = await deps.uow.read.users.findByEmail(email.data);
  if (!user) return err(adminErrors.actingUserNotFound(email.data));
  if (user.role !== 'admin') return err(adminErrors.actingUserNotAdmin(email.data));
  if (!user.isActive || user.erasedAt !== null) return err(adminErrors.actingAdminInactive(email.data));
  return ok(toActor(user));
}
