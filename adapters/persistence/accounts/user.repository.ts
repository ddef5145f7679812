import type { EntityManager } from '@mikro-orm/postgresql';
import { parseUser, type User } from '../../../domain/accounts/users/user';
import type { UserRepository } from '../../../domain/accounts/users/user.repository';
import { isId } from '../../../domain/shared/ids';
import { VersionTracker, columnValues, parseRows, pgArrayLiteral, saveVersionedRow, selectList } from './sql-rows';

const COLUMNS = {
  id: 'id',
  email: 'email',
  emailVerifiedAt: 'email_verified_at',
  passwordHash: 'password_hash',
  googleId: 'google_id',
  fullName: 'full_name',
  phone: 'phone',
  bio: 'bio',
  avatarUrl: 'avatar_url',
  locationAddress: 'location_address',
  role: 'role',
  userType: 'user_type',
  isActive: 'is_active',
  deactivatedAt: 'deactivated_at',
  deactivationReason: 'deactivation_reason',
  deactivatedBy: 'deactivated_by',
  erasedAt: 'erased_at',
  sessionVersion: 'session_version',
  preferredCoachingTypes: 'preferred_coaching_types',
  preferredSessionTimes: 'preferred_session_times',
  videoClip1: 'video_clip_1',
  videoClip2: 'video_clip_2',
  videoClip3: 'video_clip_3',
  homePlaceId: 'home_place_id',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies Record<keyof User, string>;
const KEYS = Object.keys(COLUMNS) as (keyof User)[];
const SELECT = `select ${selectList(COLUMNS)}, version from users`;

/**
 * Users over PostgreSQL, re-validated with parseUser. `save` inserts a new user or updates a
 * loaded one only if nobody changed the row meanwhile (optimistic version); a taken email is
 * 'EMAIL_TAKEN'.
 */
export function createUserRepository(em: EntityManager): UserRepository {
  const tracker = new VersionTracker();
  const load = async (where: string, params: unknown[]): Promise<User[]> => {
    const rows = await em.execute<(Record<string, unknown> & { id: string; version: number })[]>(`${SELECT} where ${where}`, params);
    tracker.rememberAll((row) => row.id, rows);
    return parseRows('users', rows, parseUser);
  };
  return {
    async findById(id) {
      return isId(id) ? ((await load('id = ?', [id]))[0] ?? null) : null;
    },
    async findByEmail(email) {
      return (await load('email = ?', [email.trim().toLowerCase()]))[0] ?? null;
    },
    async findByGoogleId(googleId) {
      return (await load('google_id = ?', [googleId]))[0] ?? null;
    },
    async findManyByIds(ids) {
      const valid = ids.filter(isId);
      return valid.length === 0 ? [] : load('id = any(?::uuid[])', [pgArrayLiteral(valid)]);
    },
    save: (user) => saveVersionedRow(em, { table: 'users', key: 'id', id: user.id, columns: Object.values(COLUMNS), values: columnValues(user, KEYS), tracker }),
  };
}
