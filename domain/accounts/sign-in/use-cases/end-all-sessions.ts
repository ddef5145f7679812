import type { Clock } from '../../../shared/clock';
import type { Id } from '../../../shared/ids';
import { ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';

/**
 * Ends every session of a user at once (logout, password change): the session version goes up,
 * so every cookie issued before no longer counts. Nothing to do for an unknown user.
 */
export async function endAllSessions(deps: { uow: UnitOfWork; clock: Clock }, input: { userId: Id }): Promise<Result<void>> {
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const user = await tx.users.findById(input.userId);
    if (!user) return ok(undefined);
    return tx.users.save({ ...user, sessionVersion: user.sessionVersion + 1, updatedAt: now });
  });
}
