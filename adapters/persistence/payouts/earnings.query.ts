import type { EntityManager } from '@mikro-orm/postgresql';
import type { Booking } from '../../../domain/booking/lifecycle/booking';
import { REFERENCE_CODE_PATTERN } from '../../../domain/booking/references/reference-code';
import type { CoachTransfer, TransferStatus } from '../../../domain/payouts/coach-transfer';
import type { BookingMoney, TransferGroup, UntransferredGroup } from '../../../domain/payouts/earnings';
import type { PackageTermsSold } from '../../../domain/packages/package-sale';
import { PAYMENT_STATUSES } from '../../../domain/booking/money/payment-status';
import { BOOKING_STATUSES } from '../../../domain/shared/catalogue';
import { invalid } from '../../../domain/shared/errors';
import { isId, type Id } from '../../../domain/shared/ids';
import { err, ok, type Result } from '../../../domain/shared/result';
import { decodeKeyset, encodeKeyset } from '../shared/keyset-cursor';
import { rebuild, StoredDataError } from '../shared/stored-data';
import { transferOfRow, type CoachTransferRow } from './coach-transfer.repository';

/**
 * The coach's Earnings page and CSV in SQL. The domain (domain/payouts/earnings.ts)
 * decides states, shares and dates; this reads rows for it:
 *
 * - `overview`: ONE statement for the figures and the chart — the coach's bookings whose money
 *   has no transfer yet (held, or released a moment ago), grouped by what their share depends on
 *   (bookings_by_coach); their transfers grouped by status and paid-out (coach_transfers_by_coach);
 *   the coach share released per London month since `since`; whether payouts are enabled.
 * - `lines`: ONE statement per page, the coach's bookings with money newest session first, keyset
 *   on (starts_at desc, id desc) — a backward scan of bookings_by_coach (coach_id, starts_at, id)
 *   — each with its transfer (primary key) and the client's name.
 * - `releasedBetween`: the CSV's pages, transfers released in [from, to) oldest first, keyset on
 *   (released_at, booking_id) — coach_transfers_by_coach scanned backward.
 *
 * Every line also says whether its session came from a package: the credit holding the booking
 * (package_credits_one_per_booking) and its purchase's terms, so a release line reads 'Session 2
 * of 5 · <package>' without a statement more.
 *
 * A line reads only the booking columns it shows or its money depends on (`EarningBooking`), never
 * `b.*`: a booking's free text (notes, reasons, addresses) can be several KB, and a 20 000-line CSV
 * downloaded by several coaches at once would otherwise hold all of it in memory page by page.
 */

export interface EarningsOverviewRows {
  readonly payoutsEnabled: boolean;
  readonly untransferred: UntransferredGroup[];
  readonly transfers: TransferGroup[];
  readonly months: { month: string; pence: number }[];
}

/** What an earnings line reads of its booking: the money `earningLineOf` takes, and what names the session. */
export type EarningBooking = BookingMoney & Pick<Booking, 'id' | 'referenceCode' | 'startsAt'>;

/** The package a session's booking took a credit of, and which credit (from 0). */
export interface PackageSessionRef extends PackageTermsSold {
  readonly position: number;
}

export interface EarningsItem {
  readonly booking: EarningBooking;
  readonly transfer: CoachTransfer | null;
  readonly clientName: string | null;
  readonly packageSession: PackageSessionRef | null;
}

export interface EarningsPage {
  readonly items: EarningsItem[];
  /** Cursor of the next (older) page, or null on the last one. */
  readonly next: string | null;
}

export interface EarningsReader {
  overview(coachId: Id, since: Date): Promise<EarningsOverviewRows>;
  lines(coachId: Id, page: { cursor: string | null; limit: number }): Promise<EarningsPage>;
  releasedBetween(coachId: Id, range: { from: Date; to: Date }, page: { cursor: string | null; limit: number }): Promise<EarningsPage>;
}

/** Money of the coach's that is not held by a transfer row yet: captured, or released before its transfer job ran. */
const UNTRANSFERRED = `(b.payment_status in ('captured', 'partially_refunded')
   or (b.payment_status = 'released' and not exists (select 1 from coach_transfers x where x.booking_id = b.id)))`;

const OVERVIEW_SQL = `
  with held as (
    select b.status, b.payment_status, b.service_price_pence, b.admin_fee_pence, b.amount_captured_pence, b.amount_refunded_pence,
           count(*)::int as n, min(b.payment_held_until) as earliest_held_until
      from bookings b
     where b.coach_id = ? and ${UNTRANSFERRED}
     group by 1, 2, 3, 4, 5, 6
  ), sent as (
    select t.status, t.paid_out_at is not null as paid_out, sum(t.coach_share_pence)::bigint as coach_share,
           sum(t.reversed_pence)::bigint as reversed, min(t.transferred_at) as oldest_transferred_at
      from coach_transfers t
     where t.coach_id = ?
     group by 1, 2
  ), months as (
    select to_char(t.released_at at time zone 'Europe/London', 'YYYY-MM') as month,
           sum(t.coach_share_pence - t.reversed_pence)::bigint as pence
      from coach_transfers t
     where t.coach_id = ? and t.released_at >= ?
     group by 1
  )
  select coalesce((select a.payouts_enabled from payout_accounts a where a.coach_id = ?), false) as payouts_enabled,
         coalesce((select json_agg(held) from held), '[]'::json) as held,
         coalesce((select json_agg(sent) from sent), '[]'::json) as sent,
         coalesce((select json_agg(months) from months), '[]'::json) as months`;

interface OverviewRow {
  payouts_enabled: boolean;
  held: {
    status: string;
    payment_status: string;
    service_price_pence: number;
    admin_fee_pence: number;
    amount_captured_pence: number;
    amount_refunded_pence: number;
    n: number;
    earliest_held_until: string | null;
  }[];
  sent: { status: string; paid_out: boolean; coach_share: number | string; reversed: number | string; oldest_transferred_at: string | null }[];
  months: { month: string; pence: number | string }[];
}

/** The booking columns of `EarningBooking`, the client's name, the transfer row and the package credit, if any. */
const SELECT_LINE = `
  select b.id, b.reference_code, b.starts_at, b.status, b.payment_status, b.service_price_pence, b.admin_fee_pence,
         b.amount_captured_pence, b.amount_refunded_pence, b.payment_held_until, b.payment_released_at,
         cu.full_name as client_name, to_jsonb(t) as transfer,
         pc.position as package_position, pp.title as package_title, pp.sessions as package_sessions, pp.duration_minutes as package_minutes`;

/** A session booked from a package: its credit names the booking (joined through package_credits, the one link every package booking has). */
const JOIN_PACKAGE = `
  left join package_credits pc on pc.booking_id = b.id
  left join package_purchases pp on pp.id = pc.purchase_id`;

interface LineRow {
  id: string;
  reference_code: string;
  starts_at: Date | string;
  status: string;
  payment_status: string;
  service_price_pence: number;
  admin_fee_pence: number;
  amount_captured_pence: number;
  amount_refunded_pence: number;
  payment_held_until: Date | string | null;
  payment_released_at: Date | string | null;
  client_name: string | null;
  transfer: CoachTransferRow | null;
  package_position: number | null;
  package_title: string | null;
  package_sessions: number | null;
  package_minutes: number | null;
  cursor_at: string;
}

function itemOf(row: LineRow): EarningsItem {
  return {
    booking: rebuild('bookings', parseEarningBooking, row),
    transfer: row.transfer ? transferOfRow(row.transfer) : null,
    clientName: row.client_name,
    packageSession: packageSessionOf(row),
  };
}

function packageSessionOf(row: LineRow): PackageSessionRef | null {
  if (row.package_position === null) return null;
  const { package_position: position, package_sessions: sessions, package_minutes: minutes } = row;
  if (sessions === null || minutes === null || !Number.isSafeInteger(position) || !Number.isSafeInteger(sessions) || position < 0 || position >= sessions)
    throw new StoredDataError('package_credits', row.id, 'the credit of this booking is not one of its package');
  return { position, sessions, durationMinutes: minutes, title: row.package_title };
}

function pageOf(rows: LineRow[], limit: number): EarningsPage {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return { items: kept.map(itemOf), next: rows.length > limit && last ? encodeKeyset({ at: last.cursor_at, id: last.id }) : null };
}

const instantOrNull = (text: string | null) => (text === null ? null : new Date(text));

export function createEarningsReader(em: EntityManager): EarningsReader {
  const run = <T extends object>(sql: string, params: unknown[]) => em.getConnection().execute<T[]>(sql, params);
  return {
    async overview(coachId, since) {
      const [row] = await run<OverviewRow>(OVERVIEW_SQL, [coachId, coachId, coachId, since, coachId]);
      if (!row) return { payoutsEnabled: false, untransferred: [], transfers: [], months: [] };
      return {
        payoutsEnabled: row.payouts_enabled === true,
        untransferred: row.held.map((g) => ({
          booking: rebuild('bookings', parseGroupBooking, g),
          count: g.n,
          earliestHeldUntil: instantOrNull(g.earliest_held_until),
        })),
        transfers: row.sent.map((g) => ({
          status: g.status as TransferStatus,
          paidOut: g.paid_out,
          coachSharePence: Number(g.coach_share),
          reversedPence: Number(g.reversed),
          oldestTransferredAt: instantOrNull(g.oldest_transferred_at),
        })),
        months: row.months.map((m) => ({ month: m.month, pence: Number(m.pence) })),
      };
    },

    async lines(coachId, page) {
      const cursor = decodeKeyset(page.cursor);
      const rows = await run<LineRow>(
        `${SELECT_LINE}, b.starts_at::text as cursor_at
           from bookings b
           join users cu on cu.id = b.client_id
           left join coach_transfers t on t.booking_id = b.id ${JOIN_PACKAGE}
          where b.coach_id = ?
            and (b.payment_status in ('captured', 'partially_refunded', 'released') or t.booking_id is not null)
            and (?::timestamptz is null or (b.starts_at, b.id) < (?::timestamptz, ?::uuid))
          order by b.starts_at desc, b.id desc
          limit ?`,
        [coachId, cursor?.at ?? null, cursor?.at ?? null, cursor?.id ?? null, page.limit + 1],
      );
      return pageOf(rows, page.limit);
    },

    async releasedBetween(coachId, range, page) {
      const cursor = decodeKeyset(page.cursor);
      const rows = await run<LineRow>(
        `${SELECT_LINE}, t.released_at::text as cursor_at
           from coach_transfers t
           join bookings b on b.id = t.booking_id
           join users cu on cu.id = b.client_id ${JOIN_PACKAGE}
          where t.coach_id = ? and t.released_at >= ? and t.released_at < ?
            and (?::timestamptz is null or (t.released_at, t.booking_id) > (?::timestamptz, ?::uuid))
          order by t.released_at asc, t.booking_id asc
          limit ?`,
        [coachId, range.from, range.to, cursor?.at ?? null, cursor?.at ?? null, cursor?.id ?? null, page.limit + 1],
      );
      return pageOf(rows, page.limit);
    },
  };
}

const isPence = (p: unknown): p is number => Number.isSafeInteger(p) && (p as number) >= 0;
const isInstant = (v: unknown): v is Date => v instanceof Date && !Number.isNaN(v.getTime());
const toInstant = (v: unknown): unknown => (typeof v === 'string' ? new Date(v) : v);

type MoneyColumns = Pick<LineRow, 'status' | 'payment_status' | 'service_price_pence' | 'admin_fee_pence' | 'amount_captured_pence' | 'amount_refunded_pence'>;

/** The amounts and states a line's money depends on, re-validated like any stored booking money. */
function moneyOf(g: MoneyColumns): Result<Omit<BookingMoney, 'paymentHeldUntil' | 'paymentReleasedAt'>> {
  const pence = [g.service_price_pence, g.admin_fee_pence, g.amount_captured_pence, g.amount_refunded_pence];
  if (!pence.every(isPence) || g.amount_refunded_pence > g.amount_captured_pence) return err(invalid('EARNINGS_DATA_INVALID', 'booking amounts are invalid'));
  if (!(BOOKING_STATUSES as readonly string[]).includes(g.status) || !(PAYMENT_STATUSES as readonly string[]).includes(g.payment_status))
    return err(invalid('EARNINGS_DATA_INVALID', 'booking status is invalid'));
  return ok({
    status: g.status as Booking['status'],
    paymentStatus: g.payment_status as Booking['paymentStatus'],
    servicePricePence: g.service_price_pence,
    adminFeePence: g.admin_fee_pence,
    amountCapturedPence: g.amount_captured_pence,
    amountRefundedPence: g.amount_refunded_pence,
  });
}

/** A held group's booking fields. */
function parseGroupBooking(row: unknown): Result<UntransferredGroup['booking']> {
  return moneyOf(row as OverviewRow['held'][number]);
}

/** A line's booking: its money, its dates and its reference. */
function parseEarningBooking(row: unknown): Result<EarningBooking> {
  const r = row as LineRow;
  const money = moneyOf(r);
  if (!money.ok) return money;
  const startsAt = toInstant(r.starts_at);
  const heldUntil = toInstant(r.payment_held_until);
  const releasedAt = toInstant(r.payment_released_at);
  if (!isId(r.id) || typeof r.reference_code !== 'string' || !REFERENCE_CODE_PATTERN.test(r.reference_code)) return err(invalid('EARNINGS_DATA_INVALID', 'booking id or reference is invalid'));
  if (!isInstant(startsAt) || !(heldUntil === null || isInstant(heldUntil)) || !(releasedAt === null || isInstant(releasedAt)))
    return err(invalid('EARNINGS_DATA_INVALID', 'booking dates are invalid'));
  if (money.value.paymentStatus === 'released' && releasedAt === null) return err(invalid('EARNINGS_DATA_INVALID', 'a release records when'));
  return ok({ ...money.value, id: r.id, referenceCode: r.reference_code, startsAt, paymentHeldUntil: heldUntil, paymentReleasedAt: releasedAt });
}
