import { COACHING_TYPES, SESSION_TIMES, type CoachingType, type SessionTime } from '../shared/catalogue';
import { isId } from '../shared/ids';
import { normaliseUserType } from './actor';
import type { User } from './user';

/**
 * The checks of `userRowSchema` (user.ts) written out by hand, for the one row every signed-in
 * page loads: the session's user. zod's generic parse code, shared by every schema of the server,
 * cost that one row ~2 % of a page's CPU (issue 20 §2). It accepts exactly what the schema
 * accepts and gives what it gives; a property test holds the two together (user-check.test.ts),
 * and a row it refuses goes through the schema for zod's message.
 */

/** A value that is not valid for its field. */
const BAD = Symbol('bad');
type Checked<T> = T | typeof BAD;

/** z.coerce.date(): whatever `new Date` makes of the value, if that is a valid date. */
function coercedDate(v: unknown): Checked<Date> {
  let date: Date;
  try {
    date = new Date(v as string);
  } catch {
    return BAD;
  }
  return Number.isNaN(date.getTime()) ? BAD : date;
}

const nullableDate = (v: unknown): Checked<Date | null> => (v === undefined || v === null ? null : coercedDate(v));
const nullableString = (v: unknown): Checked<string | null> => (v === undefined || v === null || v === '' ? null : typeof v === 'string' ? v : BAD);

/** The known values of a stored list, each once (no list: none); anything but strings refused. */
function catalogueList<T extends string>(v: unknown, values: readonly T[]): Checked<readonly T[]> {
  if (v === null || v === undefined) return [];
  if (!Array.isArray(v)) return BAD;
  const seen = new Set<T>();
  for (const item of v as unknown[]) {
    if (typeof item !== 'string') return BAD;
    if ((values as readonly string[]).includes(item)) seen.add(item as T);
  }
  return Array.from(seen);
}

/** The user `data` holds (a row of users, fields named as User's), or null where the schema refuses it. */
export function checkedUser(data: unknown): User | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const row = data as Record<string, unknown>;
  const { id, email, role, userType, isActive, sessionVersion } = row;
  if (!isId(id) || typeof email !== 'string' || typeof userType !== 'string' || typeof isActive !== 'boolean') return null;
  const normalisedEmail = email.trim().toLowerCase();
  if (normalisedEmail.length === 0 || (role !== 'admin' && role !== 'user')) return null;
  if (typeof sessionVersion !== 'number' || !Number.isSafeInteger(sessionVersion) || sessionVersion < 0) return null;
  const fullName = row.fullName ?? '';
  if (typeof fullName !== 'string') return null;
  const user = {
    id,
    email: normalisedEmail,
    emailVerifiedAt: nullableDate(row.emailVerifiedAt),
    passwordHash: nullableString(row.passwordHash),
    googleId: nullableString(row.googleId),
    fullName,
    phone: nullableString(row.phone),
    bio: nullableString(row.bio),
    avatarUrl: nullableString(row.avatarUrl),
    locationAddress: nullableString(row.locationAddress),
    role,
    userType: normaliseUserType(userType),
    isActive,
    deactivatedAt: nullableDate(row.deactivatedAt),
    deactivationReason: nullableString(row.deactivationReason),
    deactivatedBy: nullableString(row.deactivatedBy),
    erasedAt: nullableDate(row.erasedAt),
    sessionVersion,
    preferredCoachingTypes: catalogueList<CoachingType>(row.preferredCoachingTypes, COACHING_TYPES),
    preferredSessionTimes: catalogueList<SessionTime>(row.preferredSessionTimes, SESSION_TIMES),
    videoClip1: nullableString(row.videoClip1),
    videoClip2: nullableString(row.videoClip2),
    videoClip3: nullableString(row.videoClip3),
    createdAt: coercedDate(row.createdAt),
    updatedAt: coercedDate(row.updatedAt),
  };
  for (const key in user) if (user[key as keyof typeof user] === BAD) return null;
  return user as User;
}
