import { decodeKeyset, decodeKeysetOf, encodeKeyset } from '../shared/keyset-cursor';
import { EXPORT_PAGE_SIZE, pageSize, type Page, type PageRequest } from './keyset';
import { toCount, toIso, toIsoRequired, toText, type Sql } from './sql';

/**
 * The operators' side of coach payouts (decision 012): each admin booking row carries its transfer
 * (coach_transfers, one per booking) and its card chargebacks; the Chargebacks list; the payouts
 * list of `fact payouts list`. Plain serialisable data, bounded or keyset-paginated.
 */

/** A booking's transfer of the coach's share, as the admin lists show it. */
export interface AdminTransferSummary {
  readonly status: string;
  readonly coachSharePence: number;
  readonly platformSharePence: number;
  readonly commissionBps: number;
  readonly reversedPence: number;
  readonly transferId: string | null;
  readonly attempt: number;
  readonly lastError: string | null;
  readonly payoutId: string | null;
  readonly releasedAt: string;
  readonly transferredAt: string | null;
  readonly paidOutAt: string | null;
}

/** A card chargeback (Stripe's charge.dispute.*) on a booking. */
export interface AdminChargebackSummary {
  readonly id: string;
  readonly status: string;
  readonly amountPence: number;
  readonly reason: string;
  readonly openedAt: string;
  readonly closedAt: string | null;
  readonly transferReversedPence: number;
}

/**
 * Appended to the admin booking columns: the transfer by primary key (left join ct), and the
 * booking's chargebacks as one JSON array (few per booking; chargebacks_by_booking), put newest
 * first here rather than in SQL, so the plan of a bookings page has no Sort (admin-scale.test.ts).
 */
export const PAYOUT_BOOKING_COLUMNS = `,
  ct.status as transfer_status, ct.coach_share_pence as transfer_coach_share_pence, ct.platform_share_pence as transfer_platform_share_pence,
  ct.commission_bps as transfer_commission_bps, ct.reversed_pence as transfer_reversed_pence, ct.transfer_id as transfer_id,
  ct.attempt as transfer_attempt, ct.last_error as transfer_last_error, ct.payout_id as transfer_payout_id, ct.released_at as transfer_released_at,
  ct.transferred_at as transfer_transferred_at, ct.paid_out_at as transfer_paid_out_at,
  (select json_agg(json_build_object('id', x.id, 'status', x.status, 'amountPence', x.amount_pence, 'reason', x.reason, 'openedAt', x.opened_at,
            'closedAt', x.closed_at, 'transferReversedPence', x.transfer_reversed_pence))
     from chargebacks x where x.booking_id = b.id) as chargebacks_json`;
export const PAYOUT_BOOKING_JOINS = `left join coach_transfers ct on ct.booking_id = b.id`;

export interface PayoutBookingSqlRow {
  transfer_status?: string | null;
  transfer_coach_share_pence?: number | null;
  transfer_platform_share_pence?: number | null;
  transfer_commission_bps?: number | null;
  transfer_reversed_pence?: number | null;
  transfer_id?: string | null;
  transfer_attempt?: number | null;
  transfer_last_error?: string | null;
  transfer_payout_id?: string | null;
  transfer_released_at?: unknown;
  transfer_transferred_at?: unknown;
  transfer_paid_out_at?: unknown;
  chargebacks_json?: unknown;
}

export function transferOfBookingRow(r: PayoutBookingSqlRow): AdminTransferSummary | null {
  if (!r.transfer_status) return null;
  return {
    status: r.transfer_status,
    coachSharePence: toCount(r.transfer_coach_share_pence),
    platformSharePence: toCount(r.transfer_platform_share_pence),
    commissionBps: toCount(r.transfer_commission_bps),
    reversedPence: toCount(r.transfer_reversed_pence),
    transferId: toText(r.transfer_id),
    attempt: toCount(r.transfer_attempt),
    lastError: toText(r.transfer_last_error),
    payoutId: toText(r.transfer_payout_id),
    releasedAt: toIsoRequired(r.transfer_released_at),
    transferredAt: toIso(r.transfer_transferred_at),
    paidOutAt: toIso(r.transfer_paid_out_at),
  };
}

function chargebackOfJson(v: unknown): AdminChargebackSummary | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.id !== 'string' || typeof o.status !== 'string') return null;
  return {
    id: o.id,
    status: o.status,
    amountPence: toCount(o.amountPence),
    reason: typeof o.reason === 'string' ? o.reason : '',
    openedAt: toIsoRequired(o.openedAt),
    closedAt: toIso(o.closedAt),
    transferReversedPence: toCount(o.transferReversedPence),
  };
}

export function chargebacksOfBookingRow(r: PayoutBookingSqlRow): AdminChargebackSummary[] {
  const raw = typeof r.chargebacks_json === 'string' ? (JSON.parse(r.chargebacks_json) as unknown) : r.chargebacks_json;
  if (!Array.isArray(raw)) return [];
  return raw
    .map(chargebackOfJson)
    .filter((c): c is AdminChargebackSummary => c !== null)
    .sort((a, b) => b.openedAt.localeCompare(a.openedAt) || b.id.localeCompare(a.id));
}

// The Chargebacks list ---------------------------------------------------------------------------

/** The Chargebacks list on AdminBookings shows this many, newest first. */
export const CHARGEBACK_LIST_LIMIT = 20;

export interface AdminChargebackRow extends AdminChargebackSummary {
  readonly bookingId: string;
  readonly referenceCode: string;
  readonly clientName: string;
  readonly coachName: string;
}

/** Newest opened first (chargebacks_by_opened), at most `limit`, plus whether there are more. */
export async function listChargebacks(sql: Sql, limit = CHARGEBACK_LIST_LIMIT): Promise<{ items: AdminChargebackRow[]; more: boolean }> {
  const page = await listChargebackPage(sql, { limit });
  return { items: page.items, more: page.next !== null };
}

/** Stripe's dispute ids ('dp_…'), as the webhook stores them. */
const isChargebackId = (id: unknown): boolean => typeof id === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(id);

/**
 * Every chargeback, newest opened first: keyset on (opened_at, id) over chargebacks_by_opened,
 * next pages only (the CSV export reads them all; decision 056).
 */
export async function listChargebackPage(sql: Sql, request: PageRequest & { readonly forExport?: boolean }): Promise<Page<AdminChargebackRow>> {
  const limit = pageSize(request.limit, request.forExport ? EXPORT_PAGE_SIZE : undefined);
  const after = decodeKeysetOf(request.after, isChargebackId);
  const rows = await sql<Record<string, unknown>>(
    `select x.id, x.booking_id, x.amount_pence, x.reason, x.status, x.opened_at, x.opened_at::text as cursor_at, x.closed_at, x.transfer_reversed_pence,
       b.reference_code, coalesce(c.full_name, '') as client_name, coalesce(k.full_name, '') as coach_name
     from chargebacks x join bookings b on b.id = x.booking_id left join users c on c.id = b.client_id left join users k on k.id = b.coach_id
     where ${after ? '(x.opened_at, x.id) < (?::timestamptz, ?)' : 'true'}
     order by x.opened_at desc, x.id desc limit ?`,
    [...(after ? [after.at, after.id] : []), limit + 1],
  );
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return {
    items: kept.map((r) => ({
      id: String(r.id),
      bookingId: String(r.booking_id),
      referenceCode: String(r.reference_code),
      clientName: toText(r.client_name) ?? '',
      coachName: toText(r.coach_name) ?? '',
      status: String(r.status),
      amountPence: toCount(r.amount_pence),
      reason: toText(r.reason) ?? '',
      openedAt: toIsoRequired(r.opened_at),
      closedAt: toIso(r.closed_at),
      transferReversedPence: toCount(r.transfer_reversed_pence),
    })),
    next: rows.length > limit && last ? encodeKeyset({ at: String(last.cursor_at), id: String(last.id) }) : null,
    prev: null,
  };
}

// `fact payouts list` ------------------------------------------------------------------------------

export interface AdminPayoutRow extends AdminTransferSummary {
  readonly bookingId: string;
  readonly referenceCode: string;
  readonly coachId: string;
  readonly coachName: string;
}

export interface PayoutListRequest extends PageRequest {
  readonly coachId?: string | null;
  readonly status?: string | null;
  /** A CSV export reads longer pages (EXPORT_PAGE_SIZE). */
  readonly forExport?: boolean;
}

/**
 * Transfers newest released first, optionally of one coach (coach_transfers_by_coach) or one state
 * (coach_transfers_by_status): keyset on (released_at, booking_id), next pages only.
 */
export async function listPayouts(sql: Sql, request: PayoutListRequest): Promise<Page<AdminPayoutRow>> {
  const limit = pageSize(request.limit, request.forExport ? EXPORT_PAGE_SIZE : undefined);
  const after = decodeKeyset(request.after);
  const where: string[] = [];
  const params: unknown[] = [];
  const and = (condition: string, ...values: unknown[]) => {
    where.push(condition);
    params.push(...values);
  };
  if (request.coachId) and('ct.coach_id = ?::uuid', request.coachId);
  if (request.status) and('ct.status = ?', request.status);
  if (after) and('(ct.released_at, ct.booking_id) < (?::timestamptz, ?::uuid)', after.at, after.id);
  const rows = await sql<Record<string, unknown>>(
    `select ct.*, ct.released_at::text as cursor_at, b.reference_code, coalesce(k.full_name, '') as coach_name
     from coach_transfers ct join bookings b on b.id = ct.booking_id left join users k on k.id = ct.coach_id
     where ${where.length ? where.join(' and ') : 'true'}
     order by ct.released_at desc, ct.booking_id desc limit ?`,
    [...params, limit + 1],
  );
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return {
    items: kept.map((r) => ({
      bookingId: String(r.booking_id),
      referenceCode: String(r.reference_code),
      coachId: String(r.coach_id),
      coachName: toText(r.coach_name) ?? '',
      ...transferOfBookingRow({
        transfer_status: String(r.status),
        transfer_coach_share_pence: r.coach_share_pence as number,
        transfer_platform_share_pence: r.platform_share_pence as number,
        transfer_commission_bps: r.commission_bps as number,
        transfer_reversed_pence: r.reversed_pence as number,
        transfer_id: r.transfer_id as string | null,
        transfer_attempt: r.attempt as number,
        transfer_last_error: r.last_error as string | null,
        transfer_payout_id: r.payout_id as string | null,
        transfer_released_at: r.released_at,
        transfer_transferred_at: r.transferred_at,
        transfer_paid_out_at: r.paid_out_at,
      })!,
    })),
    next: rows.length > limit && last ? encodeKeyset({ at: String(last.cursor_at), id: String(last.booking_id) }) : null,
    prev: null,
  };
}
