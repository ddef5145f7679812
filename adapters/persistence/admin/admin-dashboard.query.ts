import { BOOKING_COLUMNS, BOOKING_JOINS, toBookingRow, type AdminBookingRow, type BookingSqlRow } from './admin-bookings.query';
import { toCount, toIsoRequired, toText, type Sql } from './sql';

/** SPEC §9: the dashboard shows the 8 newest bookings. */
export const RECENT_BOOKINGS = 8;
/** Lists on the dashboard are bounded; the total says when there are more. */
export const DASHBOARD_LIST_LIMIT = 50;

export interface AdminCounts {
  readonly accounts: number;
  readonly coaches: number;
  readonly clients: number;
  readonly admins: number;
  readonly deactivated: number;
  readonly bookings: number;
  readonly pending: number;
  readonly confirmed: number;
  readonly inSession: number;
  readonly completed: number;
  readonly cancelled: number;
  readonly disputed: number;
  readonly pendingDeletionRequests: number;
  readonly openDisputes: number;
}

/** Every dashboard number in one statement (each sub-select is an index or a single scan). */
export async function loadAdminCounts(sql: Sql): Promise<AdminCounts> {
  const [r] = await sql<Record<string, unknown>>(`
    select u.*, b.*,
      (select count(*) from account_deletion_requests where status = 'pending') as pending_deletion_requests,
      (select count(*) from bookings where dispute_status = 'open') as open_disputes
    from (select count(*) as accounts,
                 count(*) filter (where role = 'user' and user_type = 'coach') as coaches,
                 count(*) filter (where role = 'user' and user_type in ('client', 'user')) as clients,
                 count(*) filter (where role = 'admin') as admins,
                 count(*) filter (where not is_active) as deactivated
          from users) u,
         (select count(*) as bookings,
                 count(*) filter (where status = 'pending') as pending,
                 count(*) filter (where status = 'confirmed') as confirmed,
                 count(*) filter (where status = 'in_session') as in_session,
                 count(*) filter (where status = 'completed') as completed,
                 count(*) filter (where status = 'cancelled') as cancelled,
                 count(*) filter (where status = 'disputed') as disputed
          from bookings) b`);
  const n = (key: string) => toCount(r?.[key]);
  return {
    accounts: n('accounts'),
    coaches: n('coaches'),
    clients: n('clients'),
    admins: n('admins'),
    deactivated: n('deactivated'),
    bookings: n('bookings'),
    pending: n('pending'),
    confirmed: n('confirmed'),
    inSession: n('in_session'),
    completed: n('completed'),
    cancelled: n('cancelled'),
    disputed: n('disputed'),
    pendingDeletionRequests: n('pending_deletion_requests'),
    openDisputes: n('open_disputes'),
  };
}

export async function listRecentBookings(sql: Sql, limit = RECENT_BOOKINGS): Promise<AdminBookingRow[]> {
  const rows = await sql<BookingSqlRow>(`select ${BOOKING_COLUMNS} from bookings b ${BOOKING_JOINS} order by b.created_at desc, b.id desc limit ?`, [limit]);
  return rows.map(toBookingRow);
}

/** SPEC §2: a pending request shows the user id, the reason and when it was asked. */
export interface PendingDeletionRow {
  readonly id: string;
  readonly userId: string;
  readonly userName: string;
  readonly userType: 'client' | 'coach';
  readonly reason: string | null;
  readonly requestedAt: string;
}

export async function listPendingDeletionRequests(sql: Sql, limit = DASHBOARD_LIST_LIMIT): Promise<PendingDeletionRow[]> {
  const rows = await sql<Record<string, unknown>>(
    `select d.id, d.user_id, d.reason, d.requested_at, coalesce(u.full_name, '') as user_name, u.user_type
     from account_deletion_requests d join users u on u.id = d.user_id
     where d.status = 'pending' order by d.requested_at asc, d.id asc limit ?`,
    [limit],
  );
  return rows.map((r) => ({
    id: String(r.id),
    userId: String(r.user_id),
    userName: toText(r.user_name) ?? '',
    userType: r.user_type === 'coach' ? 'coach' : 'client',
    reason: toText(r.reason),
    requestedAt: toIsoRequired(r.requested_at),
  }));
}

/** An open dispute with what an admin needs to decide it. */
export interface OpenDisputeRow extends AdminBookingRow {
  readonly disputeReason: string | null;
  readonly disputeOpenedAt: string;
  readonly disputeOpenedByRole: 'client' | 'coach' | 'other';
  readonly amountAuthorizedPence: number;
  readonly amountCapturedPence: number;
  readonly amountRefundedPence: number;
}

/** Oldest first (the bookings_open_disputes index), bounded. */
export async function listOpenDisputes(sql: Sql, limit = DASHBOARD_LIST_LIMIT): Promise<OpenDisputeRow[]> {
  const rows = await sql<BookingSqlRow & Record<string, unknown>>(
    `select ${BOOKING_COLUMNS}, b.dispute_reason, b.dispute_opened_at, b.dispute_opened_by,
       b.amount_authorized_pence, b.amount_captured_pence, b.amount_refunded_pence
     from bookings b ${BOOKING_JOINS}
     where b.dispute_status = 'open' order by b.dispute_opened_at asc, b.id asc limit ?`,
    [limit],
  );
  return rows.map((r) => ({
    ...toBookingRow(r),
    disputeReason: toText(r.dispute_reason),
    disputeOpenedAt: toIsoRequired(r.dispute_opened_at),
    disputeOpenedByRole: r.dispute_opened_by === r.client_id ? 'client' : r.dispute_opened_by === r.coach_id ? 'coach' : 'other',
    amountAuthorizedPence: toCount(r.amount_authorized_pence),
    amountCapturedPence: toCount(r.amount_captured_pence),
    amountRefundedPence: toCount(r.amount_refunded_pence),
  }));
}

export interface AdminDashboardData {
  readonly counts: AdminCounts;
  readonly recentBookings: AdminBookingRow[];
  readonly deletionRequests: PendingDeletionRow[];
  readonly openDisputes: OpenDisputeRow[];
}

/** The whole dashboard in four bounded queries, run side by side. */
export async function loadAdminDashboard(sql: Sql): Promise<AdminDashboardData> {
  const [counts, recentBookings, deletionRequests, openDisputes] = await Promise.all([loadAdminCounts(sql), listRecentBookings(sql), listPendingDeletionRequests(sql), listOpenDisputes(sql)]);
  return { counts, recentBookings, deletionRequests, openDisputes };
}
