import { bookingPlayerView, playerLine } from '../../../domain/accounts/players/booking-player';
import { pgArrayLiteral } from '../accounts/sql-rows';
import type { BookingPackage } from '../../../domain/admin/package-session-words';
import { BOOKING_STATUSES, type BookingStatusValue } from '../../../domain/shared/catalogue';
import type { PaymentStatus } from '../../../domain/booking/money/payment-status';
import { EXPORT_PAGE_SIZE, finishPage, keysetClause, pageSize, type KeysetRow, type Page, type PageRequest } from './keyset';
import { containsPattern, prefixPattern, toCount, toIso, toIsoRequired, toText, type Sql } from './sql';
import {
  chargebacksOfBookingRow,
  PAYOUT_BOOKING_COLUMNS,
  PAYOUT_BOOKING_JOINS,
  transferOfBookingRow,
  type AdminChargebackSummary,
  type AdminTransferSummary,
  type PayoutBookingSqlRow,
} from './admin-payouts.query';

/** A booking as the admin lists show it: plain, serialisable data, names joined in. */
export interface AdminBookingRow {
  readonly id: string;
  readonly referenceCode: string;
  readonly status: BookingStatusValue;
  readonly paymentStatus: string;
  readonly serviceType: string;
  readonly startsAt: string;
  readonly durationMinutes: number;
  readonly servicePricePence: number;
  readonly adminFeePence: number;
  readonly totalPricePence: number;
  /** What the card gave and what went back: the money column says a refund (decision 056). */
  readonly amountCapturedPence: number;
  readonly amountRefundedPence: number;
  readonly clientId: string;
  readonly clientName: string;
  readonly coachId: string;
  readonly coachName: string;
  readonly disputeStatus: string | null;
  readonly createdAt: string;
  /** The transfer of the coach's share, once the money was released. */
  readonly transfer: AdminTransferSummary | null;
  /** Card chargebacks on the booking, newest first (usually none). */
  readonly chargebacks: AdminChargebackSummary[];
  /** 'Ella Hughes, 10': the player the session is for, age at the session (decision 017); null: the client. */
  readonly player?: string | null;
  /** The package the session was booked from (decision 060); null: paid by card. */
  readonly package?: BookingPackage | null;
  /** The weekly series the session belongs to (decision 062): its place in it; null: not part of one. */
  readonly series?: { readonly id: string; readonly position: number; readonly sessions: number; readonly paidBy?: 'package' | 'card' } | null;
}

export const ADMIN_BOOKING_FILTERS = ['all', ...BOOKING_STATUSES] as const;
export type AdminBookingFilter = (typeof ADMIN_BOOKING_FILTERS)[number];

/** Reference search never returns more than this (the panel scrolls above 15rem). */
export const REFERENCE_SEARCH_LIMIT = 25;

/**
 * The package a session was booked from (decision 060), with the credit it holds: one lookup by
 * key in the same statement (package_purchases' key, package_credits_one_per_booking), none at all
 * for a booking paid by card (its package_purchase_id is null).
 */
const PACKAGE_COLUMN = `(select json_build_object('purchaseId', pp.id, 'title', pp.title, 'sessions', pp.sessions, 'durationMinutes', pp.duration_minutes,
            'clientId', pp.client_id, 'clientName', coalesce(pu.full_name, ''), 'position', pc.position, 'state', pc.state)
     from package_purchases pp left join users pu on pu.id = pp.client_id
     left join package_credits pc on pc.booking_id = b.id and pc.purchase_id = pp.id
    where pp.id = b.package_purchase_id) as package`;

interface PackageJson {
  purchaseId: string;
  title: string | null;
  sessions: number;
  durationMinutes: number;
  clientId: string;
  clientName: string;
  position: number | null;
  state: string | null;
}

/** The credit a session holds, or where it went: a dispute's full refund refunded it, anything else gave it back. */
function packageOfRow(r: BookingSqlRow): BookingPackage | null {
  const p = r.package;
  if (!p) return null;
  const held = p.state === 'booked' || p.state === 'used' || p.state === 'released' ? p.state : null;
  return {
    purchaseId: p.purchaseId,
    title: p.title,
    sessions: toCount(p.sessions),
    durationMinutes: toCount(p.durationMinutes),
    clientId: p.clientId,
    clientName: p.clientName,
    session: held && p.position !== null ? toCount(p.position) + 1 : null,
    credit: held ?? (r.dispute_status ? 'refunded' : 'returned'),
  };
}

/**
 * The parties' names are scalar subqueries, not joins: joined, PostgreSQL 17 put a Memoize in front
 * of each users lookup, sized its hash table for every booking of the status (41 300 in the bench)
 * and spent ~5 ms building the two tables for the page's 21 rows (EXPLAIN ANALYZE: 7.3 → 0.5 ms).
 */
export const BOOKING_COLUMNS = `
  b.id, b.reference_code, b.status, b.payment_status, b.service_type, b.starts_at, b.duration_minutes,
  b.service_price_pence, b.admin_fee_pence, b.total_price_pence, b.amount_captured_pence, b.amount_refunded_pence, b.client_id, b.coach_id,
  b.dispute_status, b.created_at, b.created_at::text as cursor_at,
  coalesce((select c.full_name from users c where c.id = b.client_id), '') as client_name,
  coalesce((select k.full_name from users k where k.id = b.coach_id), '') as coach_name,
  (select json_build_object('firstName', pl.first_name, 'lastName', pl.last_name, 'dateOfBirth', to_char(pl.date_of_birth, 'YYYY-MM-DD'), 'notes', pl.notes)
     from players pl where pl.id = b.player_id) as player,
  b.series_id,
  case when b.series_id is null then null else (select json_build_object('sessions', count(*), 'position', count(*) filter (where (s.starts_at, s.id) <= (b.starts_at, b.id)),
                                                                          'paidBy', (select paid_by from booking_series where id = b.series_id))
     from bookings s where s.series_id = b.series_id) end as series,
  ${PACKAGE_COLUMN}${PAYOUT_BOOKING_COLUMNS}`;
export const BOOKING_JOINS = PAYOUT_BOOKING_JOINS;

export interface BookingSqlRow extends KeysetRow, PayoutBookingSqlRow {
  reference_code: string;
  status: string;
  payment_status: string;
  service_type: string;
  starts_at: unknown;
  duration_minutes: number;
  service_price_pence: number;
  admin_fee_pence: number;
  total_price_pence: number;
  amount_captured_pence: number;
  amount_refunded_pence: number;
  client_id: string;
  coach_id: string;
  dispute_status: string | null;
  created_at: unknown;
  client_name: string;
  coach_name: string;
  player?: { firstName: string; lastName: string; dateOfBirth: string; notes: string | null } | null;
  package?: PackageJson | null;
  series_id?: string | null;
  series?: { sessions: number; position: number; paidBy?: 'package' | 'card' } | null;
}

export function toBookingRow(r: BookingSqlRow): AdminBookingRow {
  return {
    id: r.id,
    referenceCode: r.reference_code,
    status: r.status as BookingStatusValue,
    paymentStatus: r.payment_status,
    serviceType: r.service_type,
    startsAt: toIsoRequired(r.starts_at),
    durationMinutes: toCount(r.duration_minutes),
    servicePricePence: toCount(r.service_price_pence),
    adminFeePence: toCount(r.admin_fee_pence),
    totalPricePence: toCount(r.total_price_pence),
    amountCapturedPence: toCount(r.amount_captured_pence),
    amountRefundedPence: toCount(r.amount_refunded_pence),
    clientId: r.client_id,
    clientName: r.client_name,
    coachId: r.coach_id,
    coachName: r.coach_name,
    disputeStatus: toText(r.dispute_status),
    createdAt: toIsoRequired(r.created_at),
    transfer: transferOfBookingRow(r),
    chargebacks: chargebacksOfBookingRow(r),
    player: playerLineOf(r),
    package: packageOfRow(r),
    series: r.series_id && r.series ? { id: r.series_id, position: Number(r.series.position), sessions: Number(r.series.sessions), ...(r.series.paidBy ? { paidBy: r.series.paidBy } : {}) } : null,
  };
}

function playerLineOf(r: BookingSqlRow): string | null {
  const view = r.player ? bookingPlayerView(r.player, new Date(toIsoRequired(r.starts_at))) : null;
  return view ? playerLine(view) : null;
}

export function isAdminBookingFilter(value: unknown): value is AdminBookingFilter {
  return typeof value === 'string' && (ADMIN_BOOKING_FILTERS as readonly string[]).includes(value);
}

/**
 * What AdminBookings narrows the list to (decision 056), each optional but the status: the party's
 * name or email (already trimmed and lower-cased, at least three characters: a trigram), the
 * payment state, and when the booking was made, from (inclusive) and before (exclusive).
 */
export interface AdminBookingSearch extends PageRequest {
  readonly status: AdminBookingFilter;
  readonly payment?: PaymentStatus | null;
  readonly party?: string | null;
  readonly bookedFrom?: Date | null;
  readonly bookedBefore?: Date | null;
  /** A CSV export reads longer pages (EXPORT_PAGE_SIZE) than a page shows. */
  readonly forExport?: boolean;
}

/**
 * Bookings newest first, filtered: keyset on (created_at, id), so page 50 000 costs what page 1
 * does. Status and payment state are served by bookings_by_status and bookings_by_payment, the
 * booked range by the created_at of whichever index walks.
 *
 * A party search takes one page of the bookings whose client matches and one whose coach matches,
 * and keeps the newest of the two (an OR of the two columns could only be answered by walking
 * every booking). Each side is an EXISTS, so the planner picks by how many accounts match: few,
 * and it finds them by trigram (users_full_name_trgm, users_email_trgm) and reads their bookings
 * in page order (bookings_client_created, bookings_coach_created); many, and it walks the
 * bookings newest first, looking each party up by key, until the page is full. A CTE of the
 * matching accounts was tried first: the planner scanned it once per booking (admin-scale.test.ts).
 */
export async function listAdminBookings(sql: Sql, filter: AdminBookingSearch): Promise<Page<AdminBookingRow>> {
  const limit = pageSize(filter.limit, filter.forExport ? EXPORT_PAGE_SIZE : undefined);
  const keyset = keysetClause('b', filter);
  const where: string[] = [];
  const params: unknown[] = [];
  const and = (condition: string, ...values: unknown[]) => {
    where.push(condition);
    params.push(...values);
  };
  if (filter.status !== 'all') and('b.status = ?', filter.status);
  if (filter.payment) and('b.payment_status = ?', filter.payment);
  if (filter.bookedFrom) and('b.created_at >= ?::timestamptz', filter.bookedFrom.toISOString());
  if (filter.bookedBefore) and('b.created_at < ?::timestamptz', filter.bookedBefore.toISOString());
  and(keyset.where, ...keyset.params);
  const conditions = where.join(' and ');

  if (!filter.party) {
    const rows = await sql<BookingSqlRow>(`select ${BOOKING_COLUMNS} from bookings b ${BOOKING_JOINS} where ${conditions} order by ${keyset.order} limit ?`, [...params, limit + 1]);
    return finishPage(rows, limit, keyset.direction, toBookingRow);
  }

  const pattern = containsPattern(filter.party);
  const side = (column: 'client_id' | 'coach_id') =>
    `(select b.id, b.created_at from bookings b
      where exists (select 1 from users u where u.id = b.${column} and (lower(u.full_name) like ? or u.email like ?)) and ${conditions}
      order by ${keyset.order} limit ?)`;
  const rows = await sql<BookingSqlRow>(
    `with hits as (${side('client_id')} union ${side('coach_id')})
     select ${BOOKING_COLUMNS} from (select h.id from hits h order by ${keyset.order.replace(/\bb\./g, 'h.')} limit ?) page
       join bookings b on b.id = page.id ${BOOKING_JOINS}
     order by ${keyset.order}`,
    [pattern, pattern, ...params, limit + 1, pattern, pattern, ...params, limit + 1, limit + 1],
  );
  return finishPage(rows, limit, keyset.direction, toBookingRow);
}

/** One booking by id, for the highlight and the detail card; null when it does not exist. */
export async function findAdminBooking(sql: Sql, id: string): Promise<AdminBookingRow | null> {
  const rows = await sql<BookingSqlRow>(`select ${BOOKING_COLUMNS} from bookings b ${BOOKING_JOINS} where b.id = ?::uuid`, [id]);
  return rows[0] ? toBookingRow(rows[0]) : null;
}

/** One booking by its whole reference code. */
export async function findAdminBookingByReference(sql: Sql, code: string): Promise<AdminBookingRow | null> {
  const rows = await sql<BookingSqlRow>(`select ${BOOKING_COLUMNS} from bookings b ${BOOKING_JOINS} where b.reference_code = ?`, [code]);
  return rows[0] ? toBookingRow(rows[0]) : null;
}

/**
 * Reference search: `query` is already normalised by the domain (upper case, a prefix or the
 * whole code). A LIKE 'prefix%' on reference_code is a range scan of bookings_reference_prefix
 * (text_pattern_ops), read backwards: codes start with their creation date, so this is newest day
 * first, and a short prefix matching a million bookings costs what a whole code does.
 * At most `limit`, plus whether there were more.
 */
export async function searchBookingReferences(sql: Sql, query: string, limit = REFERENCE_SEARCH_LIMIT): Promise<{ items: AdminBookingRow[]; more: boolean }> {
  const rows = await sql<BookingSqlRow>(
    `select ${BOOKING_COLUMNS} from bookings b ${BOOKING_JOINS}
     where b.reference_code like ? order by b.reference_code using ~>~ limit ?`,
    [prefixPattern(query), limit + 1],
  );
  const items = rows.slice(0, limit).map(toBookingRow);
  // One reference finds every session of its weekly series (decision 062).
  const seriesIds = [...new Set(items.flatMap((b) => (b.series ? [b.series.id] : [])))];
  if (seriesIds.length === 0) return { items, more: rows.length > limit };
  const siblings = await sql<BookingSqlRow>(
    `select ${BOOKING_COLUMNS} from bookings b ${BOOKING_JOINS}
     where b.series_id = any(?::uuid[]) and b.id <> all(?::uuid[]) order by b.starts_at, b.id limit ?`,
    [pgArrayLiteral(seriesIds), pgArrayLiteral(items.map((b) => b.id)), limit],
  );
  return { items: [...items, ...siblings.map(toBookingRow)], more: rows.length > limit };
}

/** Everything an admin needs to judge one booking: the row plus its story. */
export interface AdminBookingDetail extends AdminBookingRow {
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
}

/** The detail's columns beyond the list's (after BOOKING_COLUMNS, over `bookings b`). */
export const DETAIL_COLUMNS = `b.location_type, b.location_address, b.client_notes, b.cancellation_reason, b.cancelled_by,
       b.dispute_reason, b.dispute_outcome, b.dispute_refund_pence, b.dispute_resolution_note,
       b.amount_authorized_pence, b.amount_captured_pence, b.amount_refunded_pence, b.payment_held_until,
       (select count(*) from messages m where m.booking_id = b.id) as message_count`;

export function toBookingDetail(r: BookingSqlRow & Record<string, unknown>): AdminBookingDetail {
  return {
    ...toBookingRow(r),
    locationType: String(r.location_type),
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
  };
}

export async function findAdminBookingDetail(sql: Sql, id: string): Promise<AdminBookingDetail | null> {
  const rows = await sql<BookingSqlRow & Record<string, unknown>>(`select ${BOOKING_COLUMNS}, ${DETAIL_COLUMNS} from bookings b ${BOOKING_JOINS} where b.id = ?::uuid`, [id]);
  return rows[0] ? toBookingDetail(rows[0]) : null;
}
