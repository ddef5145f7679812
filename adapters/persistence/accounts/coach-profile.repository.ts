import type { EntityManager } from '@mikro-orm/postgresql';
import { parseCoachProfile, type CoachProfile } from '../../../domain/accounts/users/coach-profile';
import type { CoachProfileRepository } from '../../../domain/accounts/users/coach-profile.repository';
import { isId } from '../../../domain/shared/ids';
import { VersionTracker, columnValues, parseRows, saveVersionedRow, selectList } from './sql-rows';

const COLUMNS = {
  userId: 'user_id',
  credentials: 'credentials',
  servicesOffered: 'services_offered',
  hourlyRatePence: 'hourly_rate_pence',
  serviceRadiusMiles: 'service_radius_miles',
  ageGroups: 'age_groups',
  isVerified: 'is_verified',
  rating: 'rating',
  reviewCount: 'review_count',
  totalSessions: 'total_sessions',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies Record<keyof CoachProfile, string>;
const KEYS = Object.keys(COLUMNS) as (keyof CoachProfile)[];
/** rating is numeric(2,1) (text on the wire): read as a float so re-validation sees a number. */
const SELECT = `select ${selectList({ ...COLUMNS, rating: 'rating::float8' })}, version from coach_profiles`;

/** Coach profiles, one per coach keyed by user id, with optimistic locking on save. */
export function createCoachProfileRepository(em: EntityManager): CoachProfileRepository {
  const tracker = new VersionTracker();
  return {
    async findByUserId(userId) {
      if (!isId(userId)) return null;
      const rows = await em.execute<(Record<string, unknown> & { userId: string; version: number })[]>(`${SELECT} where user_id = ?`, [userId]);
      tracker.rememberAll((row) => row.userId, rows);
      return parseRows('coach_profiles', rows, parseCoachProfile)[0] ?? null;
    },
    save: (profile) =>
      saveVersionedRow(em, {
        table: 'coach_profiles',
        key: 'user_id',
        id: profile.userId,
        columns: Object.values(COLUMNS),
        values: columnValues(profile, KEYS),
        tracker,
      }),
  };
}
