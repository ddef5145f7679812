import { finishPage, keysetClause, pageSize, type KeysetRow, type Page, type PageRequest } from './keyset';
import { containsPattern, toCount, toIso, toIsoRequired, toList, toText, type Sql } from './sql';

/** SPEC §2 AdminUsers: ?type=all|client|coach. Administrators appear under 'all' only. */
export const ADMIN_USER_TYPES = ['all', 'client', 'coach'] as const;
export type AdminUserType = (typeof ADMIN_USER_TYPES)[number];

export function isAdminUserType(value: unknown): value is AdminUserType {
  return typeof value === 'string' && (ADMIN_USER_TYPES as readonly string[]).includes(value);
}

/**
 * A user card on AdminUsers. No email: cards say 'Email hidden' (SPEC §2), so the address
 * never leaves the server for a list.
 */
export interface AdminUserRow {
  readonly id: string;
  readonly fullName: string;
  readonly role: 'admin' | 'user';
  /** Legacy 'user' is shown as client (SPEC §1). */
  readonly userType: 'client' | 'coach';
  readonly isActive: boolean;
  readonly erased: boolean;
  readonly deactivatedAt: string | null;
  /** Admins only (SPEC §2). */
  readonly deactivationReason: string | null;
  /** Coaches: the 'Verified' badge (coach_profiles.is_verified, from the same join); false for everyone else. */
  readonly isVerified: boolean;
  /** Coaches: the services they offer ('Offers:'). */
  readonly offers: string[];
  /** Clients: their preferred coaching types ('Needs:'). */
  readonly needs: string[];
  readonly hasPendingDeletion: boolean;
  readonly createdAt: string;
}

interface UserSqlRow extends KeysetRow {
  full_name: string | null;
  role: string;
  user_type: string;
  is_active: boolean;
  erased_at: unknown;
  deactivated_at: unknown;
  deactivation_reason: string | null;
  services_offered: unknown;
  is_verified: boolean | null;
  preferred_coaching_types: unknown;
  has_pending_deletion: boolean;
  created_at: unknown;
}

const USER_COLUMNS = `
  u.id, u.full_name, u.role, u.user_type, u.is_active, u.erased_at, u.deactivated_at, u.deactivation_reason,
  u.preferred_coaching_types, cp.services_offered, cp.is_verified, u.created_at, u.created_at::text as cursor_at,
  exists (select 1 from account_deletion_requests d where d.user_id = u.id and d.status = 'pending') as has_pending_deletion`;

function toUserRow(r: UserSqlRow): AdminUserRow {
  return {
    id: r.id,
    fullName: r.full_name ?? '',
    role: r.role === 'admin' ? 'admin' : 'user',
    userType: r.user_type === 'coach' ? 'coach' : 'client',
    isActive: Boolean(r.is_active),
    erased: r.erased_at !== null && r.erased_at !== undefined,
    deactivatedAt: toIso(r.deactivated_at),
    deactivationReason: toText(r.deactivation_reason),
    isVerified: r.user_type === 'coach' && r.is_verified === true,
    offers: toList(r.services_offered),
    needs: toList(r.preferred_coaching_types),
    hasPendingDeletion: Boolean(r.has_pending_deletion),
    createdAt: toIsoRequired(r.created_at),
  };
}

function typeClause(type: AdminUserType): { where: string; params: unknown[] } {
  if (type === 'coach') return { where: `u.role = 'user' and u.user_type = 'coach'`, params: [] };
  if (type === 'client') return { where: `u.role = 'user' and u.user_type in ('client', 'user')`, params: [] };
  return { where: 'true', params: [] };
}

/** Trimmed, lower-cased, at most 100 characters; empty means no search. */
export function normaliseUserSearch(text: string | null | undefined): string {
  return (text ?? '').trim().toLowerCase().slice(0, 100);
}

/**
 * Users newest first, by type, with a case-insensitive search on name or email (the trigram
 * indexes users_full_name_trgm and users_email_trgm serve the LIKE), keyset paginated.
 */
export async function listAdminUsers(sql: Sql, filter: { type: AdminUserType; search?: string | null } & PageRequest): Promise<Page<AdminUserRow>> {
  const limit = pageSize(filter.limit);
  const keyset = keysetClause('u', filter);
  const type = typeClause(filter.type);
  const search = normaliseUserSearch(filter.search);
  const searchWhere = search ? `(lower(u.full_name) like ? or u.email like ?)` : 'true';
  const searchParams = search ? [containsPattern(search), containsPattern(search)] : [];
  const rows = await sql<UserSqlRow>(
    `select ${USER_COLUMNS} from users u left join coach_profiles cp on cp.user_id = u.id
     where ${type.where} and ${searchWhere} and ${keyset.where}
     order by ${keyset.order} limit ?`,
    [...type.params, ...searchParams, ...keyset.params, limit + 1],
  );
  return finishPage(rows, limit, keyset.direction, toUserRow);
}

/** Everything an admin (or the ops CLI) may see of one account, contact details included. */
export interface AdminUserDetail extends AdminUserRow {
  readonly email: string;
  readonly phone: string | null;
  readonly locationAddress: string | null;
  readonly emailVerified: boolean;
  readonly deactivatedBy: string | null;
  readonly hourlyRatePence: number | null;
  readonly bookingsAsClient: number;
  readonly bookingsAsCoach: number;
}

/** One account by id or by email (case-insensitive). */
export async function findAdminUser(sql: Sql, key: { id: string } | { email: string }): Promise<AdminUserDetail | null> {
  const where = 'id' in key ? 'u.id = ?::uuid' : 'u.email = ?';
  const param = 'id' in key ? key.id : key.email.trim().toLowerCase();
  const rows = await sql<UserSqlRow & Record<string, unknown>>(
    `select ${USER_COLUMNS}, u.email, u.phone, u.location_address, u.email_verified_at, u.deactivated_by, cp.hourly_rate_pence,
       (select count(*) from bookings b where b.client_id = u.id) as bookings_as_client,
       (select count(*) from bookings b where b.coach_id = u.id) as bookings_as_coach
     from users u left join coach_profiles cp on cp.user_id = u.id where ${where}`,
    [param],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    ...toUserRow(r),
    email: toText(r.email) ?? '',
    phone: toText(r.phone),
    locationAddress: toText(r.location_address),
    emailVerified: r.email_verified_at !== null && r.email_verified_at !== undefined,
    deactivatedBy: toText(r.deactivated_by),
    hourlyRatePence: r.hourly_rate_pence === null || r.hourly_rate_pence === undefined ? null : toCount(r.hourly_rate_pence),
    bookingsAsClient: toCount(r.bookings_as_client),
    bookingsAsCoach: toCount(r.bookings_as_coach),
  };
}
