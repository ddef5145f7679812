import type { Clock } from '../../../shared/clock';
import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { parseForm } from '../../../validation/parse-form';
import { accountErrors } from '../../users/account-errors';
import { removeUserSchema } from '../../users/account.schemas';
import type { AccountSettlement } from '../account-settlement';
import type { Actor } from '../../../policy/actor';
import { deactivateUser, type User } from '../../users/user';

/**
 * SPEC §2 AdminUsers 'Remove user': soft deactivation of a non-admin by an admin, with an
 * optional reason seen only by admins. The user's sessions end at once, and in the same
 * transaction their bookings are settled (decision 016): pending requests declined, confirmed
 * future sessions cancelled as a cancellation by their side (a removed client counts as the
 * client cancelling), sessions under way or in dispute listed for an administrator. Restoring
 * the user does not bring cancelled bookings back.
 */
export async function removeUser(deps: { uow: UnitOfWork; clock: Clock }, input: { actor: Actor; form: unknown }): Promise<Result<{ user: User; settlement: AccountSettlement }>> {
  const parsed = parseForm(removeUserSchema, input.form);
  if (!parsed.ok) return parsed;
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const target = await tx.users.findById(parsed.value.userId);
    if (!target) return err(accountErrors.userNotFound());
    const removed = deactivateUser(target, input.actor, parsed.value.reason ?? null, now);
    if (!removed.ok) return removed;
    const saved = await tx.users.save(removed.value);
    if (!saved.ok) return saved;
    const settlement = await tx.accountEnd.settle(tx, { userId: target.id, actorId: input.actor.userId, now });
    return settlement.ok ? ok({ user: removed.value, settlement: settlement.value }) : settlement;
  });
}
