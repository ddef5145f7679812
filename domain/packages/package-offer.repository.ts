import type { AvailabilityPeriod } from '../availability/availability-period';
import type { Id } from '../shared/ids';
import type { PackageOffer } from './package-offer';

/** Port: the packages coaches offer. Rows are re-validated when read. */
export interface PackageOfferRepository {
  /** The coach's offers on sale (not retired), oldest first. */
  listOnSale(coachId: Id): Promise<readonly PackageOffer[]>;
  findById(id: Id): Promise<PackageOffer | null>;
  /**
   * What a coach's profile page shows of what they sell, in one read: their availability periods
   * (as the availability repository gives them) and their packages on sale.
   */
  profileOfferings(coachId: Id): Promise<{ readonly periods: readonly AvailabilityPeriod[]; readonly packages: readonly PackageOffer[] }>;
  /**
   * Holds the coach's offers for this transaction, so two offers added at once cannot both be
   * the fourth.
   */
  lockCoach(coachId: Id): Promise<void>;
  insert(offer: PackageOffer): Promise<void>;
  update(offer: PackageOffer): Promise<void>;
}
