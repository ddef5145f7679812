import type { Id } from '../shared/ids';
import type { PackageOffer } from './package-offer';

/** Port: the packages coaches offer. Rows are re-validated when read. */
export interface PackageOfferRepository {
  /** The coach's offers on sale (not retired), oldest first. */
  listOnSale(coachId: Id): Promise<readonly PackageOffer[]>;
  findById(id: Id): Promise<PackageOffer | null>;
  /**
   * Holds the coach's offers for this transaction, so two offers added at once cannot both be
   * the fourth.
   */
  lockCoach(coachId: Id): Promise<void>;
  insert(offer: PackageOffer): Promise<void>;
  update(offer: PackageOffer): Promise<void>;
}
