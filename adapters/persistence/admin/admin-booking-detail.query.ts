import { auditLineSchema, historyEntrySchema, type AuditLine, type HistoryEntry } from '../../../domain/admin/booking-history';
import { StoredDataError } from '../shared/stored-data';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBookingRow, type AdminBookingRow, type BookingSqlRow } from './admin-bookings.query';
import { toCount, toIso, toText, type Sql } from './sql';

/** The admin booking page and `fact bookings show` (decision 055): the booking, its money, and its story. */
export interface AdminBookingStory extends AdminBookingRow {
  readonly locationType: string;
  readonly locationAddress: string | null;
  readonly clientNotes: string | null;
  readonly cancellationReason: string | null;
  readonly cancelledBy: string | null;
  readonly disputeReason: string | null;
  readonly disputeOutcome: string | null;
  readonly disputeRefundPence: number | null;
  readonly disputeResolutionNote: string | null;
  readonly amountAuthorizedPence: number;
  readonly amountCapturedPence: number;
  readonly amountRefundedPence: number;
  readonly paymentHeldUntil: string | null;
  readonly messageCount: number;
  /** booking_history in the order the changes were made. */
  readonly history: readonly HistoryEntry[];
  /** audit_log lines about the booking, oldest first, with the acting administrator's name. */
  readonly audit: readonly AuditLine[];
}

interface StorySqlRow extends BookingSqlRow {
  location_type: string;
  location_address: string | null;
  client_notes: string | null;
  cancellation_reason: string | null;
  cancelled_by: string | null;
  dispute_reason: string | null;
  dispute_outcome: string | null;
  dispute_refund_pence: number | null;
  dispute_resolution_note: string | null;
  amount_authorized_pence: number;
  amount_captured_pence: number;
  amount_refunded_pence: number;
  payment_held_until: unknown;
  message_count: unknown;
  history: unknown[] | null;
  audit: unknown[] | null;
}

/**
 * One statement: the booking row with its transfer and chargebacks (the list's columns), its
 * history (booking_history_by_booking) and its audit lines (audit_by_target), both as JSON.
 */
const STORY_SQL = `
  select ${BOOKING_COLUMNS}, b.location_type, b.location_address, b.client_notes, b.cancellation_reason, b.cancelled_by,
    b.dispute_reason, b.dispute_outcome, b.dispute_refund_pence, b.dispute_resolution_note,
    b.amount_authorized_pence, b.amount_captured_pence, b.amount_refunded_pence, b.payment_held_until,
    (select count(*) from messages m where m.booking_id = b.id) as message_count,
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
    ...toBookingRow(r),
    locationType: r.location_type,
    locationAddress: toText(r.location_address),
    clientNotes: toText(r.client_notes),
    cancellationReason: toText(r.cancellation_reason),
    cancelledBy: toText(r.cancelled_by),
    disputeReason: toText(r.dispute_reason),
    disputeOutcome: toText(r.dispute_outcome),
    disputeRefundPence: r.dispute_refund_pence === null ? null : toCount(r.dispute_refund_pence),
    disputeResolutionNote: toText(r.dispute_resolution_note),
    amountAuthorizedPence: toCount(r.amount_authorized_pence),
    amountCapturedPence: toCount(r.amount_captured_pence),
    amountRefundedPence: toCount(r.amount_refunded_pence),
    paymentHeldUntil: toIso(r.payment_held_until),
    messageCount: toCount(r.message_count),
    history: (r.history ?? []).map((h) => parsed('booking_history', r.id, historyEntrySchema.safeParse(h))),
    audit: (r.audit ?? []).map((a) => parsed('audit_log', r.id, auditLineSchema.safeParse(a))),
  };
}

function parsed<T>(table: string, bookingId: string, result: { success: true; data: T } | { success: false; error: { message: string } }): T {
  if (!result.success) throw new StoredDataError(table, bookingId, result.error.message);
  return result.data;
}
