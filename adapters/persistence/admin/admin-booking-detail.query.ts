import { auditLineSchema, historyEntrySchema, type AuditLine, type HistoryEntry } from '../../../domain/admin/booking-history';
import { StoredDataError } from '../shared/stored-data';
import { BOOKING_COLUMNS, BOOKING_JOINS, DETAIL_COLUMNS, toBookingDetail, type AdminBookingDetail, type BookingSqlRow } from './admin-bookings.query';
import type { Sql } from './sql';

/** The admin booking page and `fact bookings show` (decision 055): the booking, its money, and its story. */
export interface AdminBookingStory extends AdminBookingDetail {
  /** booking_history in the order the changes were made. */
  readonly history: readonly HistoryEntry[];
  /** audit_log lines about the booking, oldest first, with the acting administrator's name. */
  readonly audit: readonly AuditLine[];
}

type StorySqlRow = BookingSqlRow & Record<string, unknown> & { history: unknown[] | null; audit: unknown[] | null };

/**
 * One statement: the booking row with its transfer and chargebacks (the list's columns), its
 * history (booking_history_by_booking) and its audit lines (audit_by_target), both as JSON.
 */
const STORY_SQL = `
  select ${BOOKING_COLUMNS}, ${DETAIL_COLUMNS},
    (select json_agg(json_build_object('id', h.id, 'source', h.source, 'operation', h.operation, 'at', h.at, 'xactId', h.xact_id::text, 'state', h.state) order by h.id)
       from booking_history h where h.booking_id = b.id) as history,
    (select json_agg(json_build_object('xactId', a.xact_id::text, 'at', a.created_at, 'action', a.action, 'actorId', a.actor_id,
              'actorName', nullif(u.full_name, ''), 'via', a.details->>'via', 'details', a.details) order by a.created_at, a.id)
       from audit_log a left join users u on u.id = a.actor_id
      where a.target_type = 'booking' and a.target_id = b.id::text) as audit
  from bookings b ${BOOKING_JOINS} where b.id = ?::uuid`;

export async function findAdminBookingStory(sql: Sql, id: string): Promise<AdminBookingStory | null> {
  const rows = await sql<StorySqlRow>(STORY_SQL, [id]);
  const r = rows[0];
  if (!r) return null;
  return {
    ...toBookingDetail(r),
    history: (r.history ?? []).map((h) => parsed('booking_history', r.id, historyEntrySchema.safeParse(h))),
    audit: (r.audit ?? []).map((a) => parsed('audit_log', r.id, auditLineSchema.safeParse(a))),
  };
}

function parsed<T>(table: string, bookingId: string, result: { success: true; data: T } | { success: false; error: { message: string } }): T {
  if (!result.success) throw new StoredDataError(table, bookingId, result.error.message);
  return result.data;
}
