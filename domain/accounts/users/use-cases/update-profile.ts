import type { Clock } from '../../../shared/clock';
import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { parseForm } from '../../../validation/parse-form';
import { accountErrors } from '../account-errors';
import { profileSchema } from '../account.schemas';
import type { Actor } from '../../../policy/actor';
import { profilePatchFromForm, updateProfile as applyProfile, type User } from '../user';

/**
 * Saves the profile form (SPEC §2 'Save Changes'; SPEC §5 profile rules). Only the owner
 * changes their profile; fields left out stay as they are. Rate limiting ('profile' policy) is
 * the caller's job.
 */
export async function updateProfile(deps: { uow: UnitOfWork; clock: Clock }, input: { actor: Actor; form: unknown }): Promise<Result<User>> {
  const parsed = parseForm(profileSchema, input.form);
  if (!parsed.ok) return parsed;
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const user = await tx.users.findById(input.actor.userId);
    if (!user) return err(accountErrors.userNotFound());
    const updated = applyProfile(user, input.actor, profilePatchFromForm(parsed.value), now);
    if (!updated.ok) return updated;
    const saved = await tx.users.save(updated.value);
    return saved.ok ? ok(updated.value) : saved;
  });
}
