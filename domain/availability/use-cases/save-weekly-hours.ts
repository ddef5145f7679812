import type { Actor } from '../../policy/actor';
import { canManageAvailability } from '../../policy/permissions';
import type { Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { parseForm } from '../../validation/parse-form';
import { availabilityErrors } from '../availability-period';
import { DEFAULT_SCHEDULING_RULES, type SlotStepMinutes, type WeeklyRange } from '../schedule';
import { slotStepSchema } from '../scheduling-rules';
import { validateWeeklyHours, type WeeklyRangeInput } from '../weekly-hours';

/**
 * The coach's week, replaced whole: the ranges given are every range of every weekday (none:
 * back to SPEC's default grid). The week view sends its start-time step with the hours, so
 * both change together or not at all.
 */
export async function saveWeeklyHours(
  deps: { uow: UnitOfWork },
  input: { actor: Actor; coachId: Id; ranges: readonly WeeklyRangeInput[]; slotStepMinutes?: unknown },
): Promise<Result<{ weeklyHours: WeeklyRange[]; slotStepMinutes: SlotStepMinutes }>> {
  if (!canManageAvailability(input.actor, input.coachId)) return err(availabilityErrors.notOwner());
  const ranges = validateWeeklyHours(input.ranges);
  if (!ranges.ok) return ranges;
  const step = input.slotStepMinutes === undefined ? null : parseForm(slotStepSchema, input.slotStepMinutes);
  if (step && !step.ok) return err({ ...step.error, fieldErrors: { slotStepMinutes: [step.error.message] } });
  return deps.uow.transaction(async (tx) => {
    if (!(await tx.scheduleSettings.lockSchedule(input.coachId))) return err(availabilityErrors.noCoachProfile());
    const current = (await tx.scheduleSettings.scheduleSettingsFor([input.coachId])).get(input.coachId)?.rules ?? DEFAULT_SCHEDULING_RULES;
    const slotStepMinutes = step ? step.value : current.slotStepMinutes;
    const replaced = await tx.scheduleSettings.replaceWeeklyHours(input.coachId, ranges.value);
    if (!replaced.ok) return replaced;
    if (slotStepMinutes !== current.slotStepMinutes) {
      const saved = await tx.scheduleSettings.saveRules(input.coachId, { ...current, slotStepMinutes });
      if (!saved.ok) return saved;
    }
    return ok({ weeklyHours: ranges.value, slotStepMinutes });
  });
}
