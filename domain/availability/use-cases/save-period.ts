import { err, ok, type Result } from '../../shared/result';
import type { Repositories } from '../../repositories';
import { availabilityErrors, type AvailabilityPeriod } from '../availability-period';
import { findOverlappingPeriod } from '../period-overlap';

/**
 * Stores a new or changed period unless it overlaps another of the coach's periods (decision
 * 044: overlapping exceptions are refused, never stacked). The coach's schedule is held first,
 * so two saves at once cannot both pass the check.
 */
export async function savePeriodAlone(tx: Pick<Repositories, 'availability' | 'scheduleSettings'>, period: AvailabilityPeriod): Promise<Result<AvailabilityPeriod>> {
  await tx.scheduleSettings.lockSchedule(period.coachId);
  const other = findOverlappingPeriod(period, await tx.availability.listByCoach(period.coachId));
  if (other) return err(availabilityErrors.overlaps(other));
  const saved = await tx.availability.save(period);
  return saved.ok ? ok(period) : saved;
}
