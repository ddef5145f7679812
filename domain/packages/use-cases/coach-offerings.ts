import { upcomingPeriods, type AvailabilityPeriod } from '../../availability/availability-period';
import type { Actor } from '../../policy/actor';
import { canViewAvailability } from '../../policy/permissions';
import type { Clock } from '../../shared/clock';
import type { Id } from '../../shared/ids';
import type { UnitOfWork } from '../../unit-of-work';
import type { PackageOffer } from '../package-offer';

/**
 * What a coach's profile page shows of what the coach sells: the availability periods not yet
 * over (to those who may see them, as listAvailability decides) and the packages on sale (to
 * anyone), read together.
 */
export async function coachOfferings(
  deps: { uow: UnitOfWork; clock: Clock },
  input: { viewer: Actor | null; coachId: Id },
): Promise<{ periods: AvailabilityPeriod[]; packages: readonly PackageOffer[] }> {
  const { periods, packages } = await deps.uow.read.packageOffers.profileOfferings(input.coachId);
  return { periods: canViewAvailability(input.viewer) ? upcomingPeriods([...periods], deps.clock.now()) : [], packages };
}
