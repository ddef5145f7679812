import type { Clock } from '../../shared/clock';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { parseForm } from '../../validation/parse-form';
import { accountErrors } from '../account-errors';
import { removeUserSchema } from '../account.schemas';
import type { Actor } from '../actor';
import { deactivateUser, type User } from '../user';

/**
 * SPEC §2 AdminUsers 'Remove user': soft deactivation of a non-admin by an admin, with an
 * optional reason seen only by admins. The user's sessions end at once.
 */
export async function removeUser(deps: { uow: UnitOfWork; clock: Clock }, input: { actor: Actor; form: unknown }): Promise<Result<User>> {
  const parsed = parseForm(removeUserSchema, input.form);
  if (!parsed.ok) return parsed;
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const target = await tx.users.findById(parsed.value.userId);
    if (!target) return err(accountErrors.userNotFound());
    const removed = deactivateUser(target, input.actor, parsed.value.reason ?? null, now);
    if (!removed.ok) return removed;
    const saved = await tx.users.save(removed.value);
    return saved.ok ? ok(removed.value) : saved;
  });
}
