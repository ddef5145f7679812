import type { Actor } from '../../policy/actor';
import { canManageAvailability } from '../../policy/permissions';
import type { Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { parseForm } from '../../validation/parse-form';
import { availabilityErrors } from '../availability-period';
import { DEFAULT_SCHEDULING_RULES, type SchedulingRules } from '../schedule';
import { schedulingRulesSchema } from '../scheduling-rules';

/**
 * The coach's rules around every session: buffers before and after, minimum notice, the daily
 * cap. The start-time step stays as it is (the week view owns it).
 */
export async function saveSchedulingRules(deps: { uow: UnitOfWork }, input: { actor: Actor; coachId: Id; rules: unknown }): Promise<Result<SchedulingRules>> {
  if (!canManageAvailability(input.actor, input.coachId)) return err(availabilityErrors.notOwner());
  const parsed = parseForm(schedulingRulesSchema, input.rules);
  if (!parsed.ok) return parsed;
  return deps.uow.transaction(async (tx) => {
    if (!(await tx.scheduleSettings.lockSchedule(input.coachId))) return err(availabilityErrors.noCoachProfile());
    const current = (await tx.scheduleSettings.scheduleSettingsFor([input.coachId])).get(input.coachId)?.rules ?? DEFAULT_SCHEDULING_RULES;
    const rules: SchedulingRules = { ...parsed.value, slotStepMinutes: current.slotStepMinutes };
    const saved = await tx.scheduleSettings.saveRules(input.coachId, rules);
    return saved.ok ? ok(rules) : saved;
  });
}
