import type { Clock } from '../../../shared/clock';
import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { parseForm } from '../../../validation/parse-form';
import { accountErrors } from '../account-errors';
import { coachProfileSchema } from '../account.schemas';
import type { Actor } from '../../../policy/actor';
import { coachProfilePatchFromForm, createCoachProfile, updateCoachProfile as applyCoachProfile, type CoachProfile } from '../coach-profile';

/**
 * Saves the coach block of CoachProfile (SPEC §5: rate £10–£1000, 1–10 services and age
 * groups, credentials, radius). A coach without a stored profile gets one created.
 */
export async function updateCoachProfile(deps: { uow: UnitOfWork; clock: Clock }, input: { actor: Actor; form: unknown }): Promise<Result<CoachProfile>> {
  if (input.actor.userType !== 'coach') return err(accountErrors.notACoach());
  const parsed = parseForm(coachProfileSchema, input.form);
  if (!parsed.ok) return parsed;
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const user = await tx.users.findById(input.actor.userId);
    if (!user) return err(accountErrors.userNotFound());
    if (user.userType !== 'coach') return err(accountErrors.notACoach());
    const current = (await tx.coachProfiles.findByUserId(user.id)) ?? createCoachProfile(user.id, {}, now);
    const updated = applyCoachProfile(current, input.actor, coachProfilePatchFromForm(parsed.value), now);
    if (!updated.ok) return updated;
    const saved = await tx.coachProfiles.save(updated.value);
    return saved.ok ? ok(updated.value) : saved;
  });
}
