import type { Actor } from '../../policy/actor';
import { canViewAvailability } from '../../policy/permissions';
import { policyErrors } from '../../policy/policy-errors';
import type { Clock } from '../../shared/clock';
import { idSchema, type Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { parseForm } from '../../validation/parse-form';
import { upcomingPeriods, type AvailabilityPeriod } from '../availability-period';

/** A coach's calendar as any signed-in user sees it: periods not yet over, by start time. */
export async function listAvailability(deps: { uow: UnitOfWork; clock: Clock }, input: { viewer: Actor | null; coachId: Id }): Promise<Result<AvailabilityPeriod[]>> {
  if (!canViewAvailability(input.viewer)) return err(policyErrors.profileNotFound());
  const id = parseForm(idSchema, input.coachId);
  if (!id.ok) return id;
  return ok(upcomingPeriods(await deps.uow.read.availability.listByCoach(id.value), deps.clock.now()));
}
