import type { Actor } from '../../policy/actor';
import { setCoachVerified } from '../../accounts/users/coach-profile';
import { canSetCoachVerification } from '../../policy/permissions';
import type { Clock } from '../../shared/clock';
import { isId, type Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { adminErrors } from '../admin-errors';

export interface CoachVerification {
  readonly coachId: Id;
  readonly fullName: string;
  readonly verified: boolean;
  /** False when the coach was already in that state: nothing was written. */
  readonly changed: boolean;
}

/**
 * SPEC §2/§3: the 'Verified' badge on coach cards and profiles is `coach_profiles.is_verified`,
 * given or taken away by an administrator (403 for anyone else). The target must be a coach
 * that still exists (not erased) with a coach profile; anyone else is a 404 ('Coach not found'),
 * clients and administrators included. A deactivated coach may be verified (the badge shows
 * again if they are restored). Asking for the state the coach is in succeeds and writes nothing.
 * The profile is saved with its version (a concurrent change is a conflict, nothing half-done).
 */
export async function setCoachVerification(deps: { uow: UnitOfWork; clock: Clock }, input: { actor: Actor; coachId: string; verified: boolean }): Promise<Result<CoachVerification>> {
  const allowed = canSetCoachVerification(input.actor);
  if (!allowed.ok) return err(allowed.error);
  if (!isId(input.coachId)) return err(adminErrors.coachNotFound());
  const coachId = input.coachId;
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const coach = await tx.users.findById(coachId);
    if (!coach || coach.erasedAt !== null || coach.role === 'admin' || coach.userType !== 'coach') return err(adminErrors.coachNotFound());
    const profile = await tx.coachProfiles.findByUserId(coach.id);
    if (!profile) return err(adminErrors.coachNotFound());
    const updated = setCoachVerified(profile, input.actor, input.verified, now);
    if (!updated.ok) return updated;
    const changed = updated.value !== profile;
    if (changed) {
      const saved = await tx.coachProfiles.save(updated.value);
      if (!saved.ok) return saved;
    }
    return ok({ coachId: coach.id, fullName: coach.fullName, verified: updated.value.isVerified, changed });
  });
}
