import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreditState } from '../../../domain/packages/package-purchase';
import type { PackageSaleCredits } from '../../../domain/packages/package-sale';
import { invalid } from '../../../domain/shared/errors';
import { isId, type Id } from '../../../domain/shared/ids';
import { err, ok, type Result } from '../../../domain/shared/result';
import { isSessionMinutes } from '../../../domain/shared/session-lengths';
import { decodeKeyset, encodeKeyset } from '../shared/keyset-cursor';
import { rebuild } from '../shared/stored-data';

/**
 * A coach's package sales for the Earnings page and CSV: paid purchases only (a row without
 * `paid_at` is a checkout that holds no money). ONE statement per page, each purchase with its
 * credits' states in position order (a sub-select on package_credits' primary key, at most 20
 * each) and the client's name; keyset on (paid_at, id) over package_purchases_paid_by_coach
 * (coach_id, paid_at, id) where paid_at is not null:
 *
 * - `recent`: newest sale first (the page, 'Show more sales');
 * - `soldBetween`: sold in [from, to), oldest first (the CSV's tax year).
 */
export interface PackageSaleItem {
  readonly id: Id;
  readonly clientName: string | null;
  readonly paidAt: Date;
  readonly validUntil: Date;
  readonly sale: PackageSaleCredits;
}

export interface PackageSalesPage {
  readonly items: PackageSaleItem[];
  readonly next: string | null;
}

export interface PackageSalesReader {
  recent(coachId: Id, page: { cursor: string | null; limit: number }): Promise<PackageSalesPage>;
  soldBetween(coachId: Id, range: { from: Date; to: Date }, page: { cursor: string | null; limit: number }): Promise<PackageSalesPage>;
}

const SELECT_SALE = `
  select p.id, p.title, p.sessions, p.duration_minutes, p.total_price_pence, p.paid_at, p.valid_until, cu.full_name as client_name,
         (select array_agg(c.state order by c.position) from package_credits c where c.purchase_id = p.id) as credits,
         p.paid_at::text as cursor_at
    from package_purchases p
    join users cu on cu.id = p.client_id`;

interface SaleRow {
  id: string;
  title: string | null;
  sessions: number;
  duration_minutes: number;
  total_price_pence: number;
  paid_at: Date | string;
  valid_until: Date | string;
  client_name: string | null;
  credits: string[] | null;
  cursor_at: string;
}

const CREDIT_KINDS: readonly string[] = ['available', 'booked', 'used', 'released', 'refunded', 'charged_back'] satisfies CreditState['kind'][];

function parseSale(row: unknown): Result<PackageSaleItem> {
  const r = row as SaleRow;
  const paidAt = new Date(r.paid_at);
  const validUntil = new Date(r.valid_until);
  const credits = r.credits ?? [];
  if (!isId(r.id) || !Number.isSafeInteger(r.sessions) || r.sessions < 1 || !isSessionMinutes(r.duration_minutes) || !Number.isSafeInteger(r.total_price_pence) || r.total_price_pence <= 0)
    return err(invalid('EARNINGS_DATA_INVALID', 'purchase terms are invalid'));
  if (Number.isNaN(paidAt.getTime()) || Number.isNaN(validUntil.getTime())) return err(invalid('EARNINGS_DATA_INVALID', 'purchase dates are invalid'));
  if (credits.length !== r.sessions || !credits.every((c) => CREDIT_KINDS.includes(c)))
    return err(invalid('EARNINGS_DATA_INVALID', `purchase has ${credits.length} valid credits for ${r.sessions} sessions`));
  return ok({
    id: r.id,
    clientName: r.client_name,
    paidAt,
    validUntil,
    sale: { title: r.title, sessions: r.sessions, durationMinutes: r.duration_minutes, totalPricePence: r.total_price_pence, credits: credits as CreditState['kind'][] },
  });
}

function pageOf(rows: SaleRow[], limit: number): PackageSalesPage {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return { items: kept.map((row) => rebuild('package_purchases', parseSale, row)), next: rows.length > limit && last ? encodeKeyset({ at: last.cursor_at, id: last.id }) : null };
}

export function createPackageSalesReader(em: EntityManager): PackageSalesReader {
  const run = (sql: string, params: unknown[]) => em.getConnection().execute<SaleRow[]>(sql, params);
  return {
    async recent(coachId, page) {
      const cursor = decodeKeyset(page.cursor);
      const rows = await run(
        `${SELECT_SALE}
          where p.coach_id = ? and p.paid_at is not null
            and (?::timestamptz is null or (p.paid_at, p.id) < (?::timestamptz, ?::uuid))
          order by p.paid_at desc, p.id desc
          limit ?`,
        [coachId, cursor?.at ?? null, cursor?.at ?? null, cursor?.id ?? null, page.limit + 1],
      );
      return pageOf(rows, page.limit);
    },

    async soldBetween(coachId, range, page) {
      const cursor = decodeKeyset(page.cursor);
      const rows = await run(
        `${SELECT_SALE}
          where p.coach_id = ? and p.paid_at is not null and p.paid_at >= ? and p.paid_at < ?
            and (?::timestamptz is null or (p.paid_at, p.id) > (?::timestamptz, ?::uuid))
          order by p.paid_at asc, p.id asc
          limit ?`,
        [coachId, range.from, range.to, cursor?.at ?? null, cursor?.at ?? null, cursor?.id ?? null, page.limit + 1],
      );
      return pageOf(rows, page.limit);
    },
  };
}
