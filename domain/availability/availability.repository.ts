import type { Id } from '../shared/ids';
import type { Result } from '../shared/result';
import type { AvailabilityPeriod } from './availability-period';

/** Port: coaches' availability periods (re-validated with `parseAvailabilityPeriod`). */
export interface AvailabilityRepository {
  findById(id: Id): Promise<AvailabilityPeriod | null>;
  /** A coach's periods by start time. */
  listByCoach(coachId: Id): Promise<AvailabilityPeriod[]>;
  save(period: AvailabilityPeriod): Promise<Result<void>>;
  delete(id: Id): Promise<void>;
}
