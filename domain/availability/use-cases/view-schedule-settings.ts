import type { Actor } from '../../policy/actor';
import { canViewAvailability } from '../../policy/permissions';
import { policyErrors } from '../../policy/policy-errors';
import type { Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { DEFAULT_SCHEDULING_RULES } from '../schedule';
import type { ScheduleSettings } from '../schedule-settings.repository';

/** A coach's weekly hours and rules as any signed-in person may read them (defaults for a coach who set none). */
export async function viewScheduleSettings(deps: { uow: UnitOfWork }, input: { viewer: Actor | null; coachId: Id }): Promise<Result<ScheduleSettings>> {
  if (!canViewAvailability(input.viewer)) return err(policyErrors.profileNotFound());
  const found = (await deps.uow.read.scheduleSettings.scheduleSettingsFor([input.coachId])).get(input.coachId);
  return ok(found ?? { weeklyHours: [], rules: DEFAULT_SCHEDULING_RULES });
}
