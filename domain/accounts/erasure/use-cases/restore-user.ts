import type { Clock } from '../../../shared/clock';
import { idSchema, type Id } from '../../../shared/ids';
import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { parseForm } from '../../../validation/parse-form';
import { accountErrors } from '../../users/account-errors';
import type { Actor } from '../../../policy/actor';
import { restoreUser as restore, type User } from '../../users/user';

/** SPEC §4: an admin restores a removed user (active again; reason and time cleared). */
export async function restoreUser(deps: { uow: UnitOfWork; clock: Clock }, input: { actor: Actor; userId: Id }): Promise<Result<User>> {
  const id = parseForm(idSchema, input.userId);
  if (!id.ok) return id;
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const target = await tx.users.findById(id.value);
    if (!target) return err(accountErrors.userNotFound());
    const restored = restore(target, input.actor, now);
    if (!restored.ok) return restored;
    const saved = await tx.users.save(restored.value);
    return saved.ok ? ok(restored.value) : saved;
  });
}
