import type { Id } from '../../shared/ids';
import type { Result } from '../../shared/result';
import type { CoachProfile } from './coach-profile';

/** Port: coach profiles, one per coach user (keyed by userId), re-validated with `parseCoachProfile`. */
export interface CoachProfileRepository {
  findByUserId(userId: Id): Promise<CoachProfile | null>;
  save(profile: CoachProfile): Promise<Result<void>>;
}
