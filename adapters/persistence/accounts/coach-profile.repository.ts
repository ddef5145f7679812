import type { EntityManager } from '@mikro-orm/postgresql';
import { parseCoachProfile, type CoachProfile } from '../../../domain/accounts/users/coach-profile';
import type { CoachProfileRepository } from '../../../domain/accounts/users/coach-profile.repository';
import { isId } from '../../../domain/shared/ids';
import type { SessionLengthPrice } from '../../../domain/shared/session-lengths';
import { refusable } from '../shared/savepoint';
import { VersionTracker, columnValues, parseRows, pgArrayLiteral, saveVersionedRow, selectList } from './sql-rows';

const COLUMNS = {
  userId: 'user_id',
  credentials: 'credentials',
  servicesOffered: 'services_offered',
  hourlyRatePence: 'hourly_rate_pence',
  serviceRadiusMiles: 'service_radius_miles',
  basePlaceId: 'base_place_id',
  sessionMode: 'session_mode',
  ageGroups: 'age_groups',
  isVerified: 'is_verified',
  rating: 'rating',
  reviewCount: 'review_count',
  totalSessions: 'total_sessions',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies Record<Exclude<keyof CoachProfile, 'sessionLengths'>, string>;
const KEYS = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];
/**
 * rating is numeric(2,1) (text on the wire): read as a float so re-validation sees a number. The
 * chosen session lengths come in the same row, as JSON (decision 045).
 */
const SELECT = `select ${selectList({ ...COLUMNS, rating: 'rating::float8' })}, version,
       (select coalesce(json_agg(json_build_object('minutes', l.minutes, 'pricePence', l.price_pence) order by l.minutes), '[]')
          from coach_session_lengths l where l.coach_id = coach_profiles.user_id) as "sessionLengths"
  from coach_profiles`;

/**
 * Makes the stored lengths the profile's in one statement: the chosen ones upserted, the others
 * deleted (the table's trigger then renews the profile's from price in the same transaction).
 */
const REPLACE_LENGTHS = `with kept as (
    insert into coach_session_lengths (coach_id, minutes, price_pence)
    select ?, t.minutes, t.price from unnest(?::int[], ?::int[]) as t (minutes, price)
    on conflict (coach_id, minutes) do update set price_pence = excluded.price_pence
    returning minutes)
  delete from coach_session_lengths where coach_id = ? and minutes <> all (?::int[])`;

const lengthsKey = (lengths: readonly SessionLengthPrice[]) => lengths.map((l) => `${l.minutes}:${l.pricePence}`).join(',');

/** Coach profiles, one per coach keyed by user id, with optimistic locking on save. */
export function createCoachProfileRepository(em: EntityManager): CoachProfileRepository {
  const tracker = new VersionTracker();
  /** The lengths each loaded or saved profile holds in the database, so a save writes them only when they changed. */
  const storedLengths = new Map<string, string>();
  return {
    async findByUserId(userId) {
      if (!isId(userId)) return null;
      const rows = await em.execute<(Record<string, unknown> & { userId: string; version: number })[]>(`${SELECT} where user_id = ?`, [userId]);
      tracker.rememberAll((row) => row.userId, rows);
      const profile = parseRows('coach_profiles', rows, parseCoachProfile)[0] ?? null;
      if (profile) storedLengths.set(profile.userId, lengthsKey(profile.sessionLengths));
      return profile;
    },
    async save(profile) {
      const saved = await saveVersionedRow(em, {
        table: 'coach_profiles',
        key: 'user_id',
        id: profile.userId,
        columns: Object.values(COLUMNS),
        values: columnValues(profile, KEYS),
        tracker,
      });
      const key = lengthsKey(profile.sessionLengths);
      if (!saved.ok || storedLengths.get(profile.userId) === key || (!storedLengths.has(profile.userId) && key === '')) return saved;
      const minutes = pgArrayLiteral(profile.sessionLengths.map((l) => String(l.minutes)));
      const prices = pgArrayLiteral(profile.sessionLengths.map((l) => String(l.pricePence)));
      const replaced = await refusable(em, async (tx) => {
        await tx.execute(REPLACE_LENGTHS, [profile.userId, minutes, prices, profile.userId, minutes], 'run');
      });
      if (replaced.ok) storedLengths.set(profile.userId, key);
      return replaced;
    },
  };
}
