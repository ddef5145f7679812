import { csvTable, type CsvColumn } from '../shared/csv';
import { utcToLondon } from '../shared/london-time';
import type { Pence } from '../shared/money';
import { EARNING_STATE_LABELS, type EarningLine } from './earnings';

/**
 * The Earnings CSV a coach hands to their accountant or copies into their Self Assessment.
 * One line per booking whose money was released in the UK tax year asked for (6 April to
 * 5 April, London dates): a self-employed coach reports the income of a tax year, and the
 * release is when the money became theirs. Amounts are money columns: pounds with two decimals,
 * no '£', negative ones included, so spreadsheets add them up. Everything else is a text column,
 * quoted and formula-safe (domain/shared/csv.ts). Dates in London time.
 *
 * Package sales (issue 48) come after the releases, one line per package sold in the tax year,
 * `Type` 'Package sale'. A sale is not income of the coach's: its money reaches them session by
 * session, each a release line of its own (`Type` 'Package session', `Package` 'Session 2 of 5 ·
 * …'). So a sale line leaves the session and share amounts empty, and the Coach share column
 * still adds up to what was released, and the package's price and what went back to the client
 * for unused sessions have columns of their own. The columns added for packages come last, so
 * the first nine keep their place and their meaning.
 */
export interface EarningsCsvSessionRow {
  readonly kind: 'session';
  readonly referenceCode: string;
  readonly startsAt: Date;
  readonly clientName: string;
  readonly line: EarningLine;
  readonly releasedAt: Date | null;
  readonly paidOutAt: Date | null;
  /** 'Session 2 of 5 · Spring block' for a session booked from a package; null for a single booking. */
  readonly packageSession: string | null;
}

export interface EarningsCsvSaleRow {
  readonly kind: 'package_sale';
  readonly clientName: string;
  /** The package's title or terms ('5 × 60 min'). */
  readonly packageName: string;
  readonly soldAt: Date;
  /** What the client paid for the sessions; the admin fee is the platform's and not in it. */
  readonly pricePence: Pence;
  /** What went back to the client's card for unused sessions. */
  readonly refundedPence: Pence;
  /** Where its sessions stand: '1 released to you · 4 left'. */
  readonly sessions: string;
}

export type EarningsCsvRow = EarningsCsvSessionRow | EarningsCsvSaleRow;

const londonDate = (d: Date) => utcToLondon(d).date;
const londonDateTime = (d: Date | null) => {
  if (!d) return '';
  const p = utcToLondon(d);
  return `${p.date} ${p.time}`;
};

/** A session line's cell, or what a sale line has there. */
const ofSession =
  <T>(cell: (r: EarningsCsvSessionRow) => T, sale: T) =>
  (r: EarningsCsvRow): T =>
    r.kind === 'session' ? cell(r) : sale;
const ofSale =
  <T>(cell: (r: EarningsCsvSaleRow) => T, session: T) =>
  (r: EarningsCsvRow): T =>
    r.kind === 'package_sale' ? cell(r) : session;

export const EARNINGS_CSV_TYPES = { session: 'Session', packageSession: 'Package session', packageSale: 'Package sale' } as const;

export const EARNINGS_CSV_COLUMNS: readonly CsvColumn<EarningsCsvRow>[] = [
  { header: 'Reference', text: ofSession((r) => r.referenceCode, '') },
  { header: 'Session date', text: ofSession((r) => londonDate(r.startsAt), '') },
  { header: 'Client', text: (r) => r.clientName },
  { header: 'Session price', pence: ofSession((r) => r.line.sessionPricePence, null) },
  { header: 'Platform share', pence: ofSession((r) => r.line.platformSharePence, null) },
  { header: 'Coach share', pence: ofSession((r) => r.line.coachSharePence, null) },
  { header: 'State', text: (r) => (r.kind === 'session' ? EARNING_STATE_LABELS[r.line.state] : r.sessions) },
  { header: 'Released at', text: ofSession((r) => londonDateTime(r.releasedAt), '') },
  { header: 'Paid out at', text: ofSession((r) => londonDateTime(r.paidOutAt), '') },
  { header: 'Type', text: (r) => (r.kind === 'package_sale' ? EARNINGS_CSV_TYPES.packageSale : r.packageSession ? EARNINGS_CSV_TYPES.packageSession : EARNINGS_CSV_TYPES.session) },
  { header: 'Package', text: (r) => (r.kind === 'package_sale' ? r.packageName : (r.packageSession ?? '')) },
  { header: 'Sold at', text: ofSale((r) => londonDateTime(r.soldAt), '') },
  { header: 'Package price', pence: ofSale((r) => r.pricePence, null) },
  { header: 'Refunded to client', pence: ofSale((r) => r.refundedPence, null) },
];

const earningsCsv = csvTable(EARNINGS_CSV_COLUMNS);

export function earningsCsvHeader(): string {
  return earningsCsv.header();
}

export function earningsCsvLine(row: EarningsCsvRow): string {
  return earningsCsv.line(row);
}

/** 'fact-earnings-2026-27.csv' for the tax year starting in 2026. */
export function earningsCsvFileName(startYear: number): string {
  return `fact-earnings-${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}.csv`;
}
