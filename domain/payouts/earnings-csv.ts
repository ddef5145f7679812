import { utcToLondon } from '../shared/london-time';
import type { Pence } from '../shared/money';
import { EARNING_STATE_LABELS, type EarningLine } from './earnings';

/**
 * The Earnings CSV a coach hands to their accountant or copies into their Self Assessment
 * (issue 18 B). One line per booking whose money was released in the UK tax year asked for
 * (6 April to 5 April, London dates): a self-employed coach reports the income of a tax year,
 * and the release is when the money became theirs. Amounts in pounds with two decimals (no '£',
 * so spreadsheets read them as numbers), dates in London time. A cell a spreadsheet could take
 * for a formula (= + - @, or a tab / carriage return) gets a leading quote (CSV injection).
 */
export const EARNINGS_CSV_COLUMNS = [
  'Reference',
  'Session date',
  'Client',
  'Session price',
  'Platform share',
  'Coach share',
  'State',
  'Released at',
  'Paid out at',
] as const;

export interface EarningsCsvRow {
  readonly referenceCode: string;
  readonly startsAt: Date;
  readonly clientName: string;
  readonly line: EarningLine;
  readonly releasedAt: Date | null;
  readonly paidOutAt: Date | null;
}

/** 5300 → '53.00' */
export function poundsText(pence: Pence): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(pence));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A cell as CSV text: neutralised if a spreadsheet would run it, quoted if it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const londonDate = (d: Date) => utcToLondon(d).date;
const londonDateTime = (d: Date | null) => {
  if (!d) return '';
  const p = utcToLondon(d);
  return `${p.date} ${p.time}`;
};

/** One CSV record (CRLF-terminated, as RFC 4180 has it). */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function earningsCsvHeader(): string {
  return csvRecord(EARNINGS_CSV_COLUMNS);
}

export function earningsCsvLine(row: EarningsCsvRow): string {
  // Amounts are written as numbers; a negative one (never expected) would still be neutralised by csvCell.
  return csvRecord([
    row.referenceCode,
    londonDate(row.startsAt),
    row.clientName,
    poundsText(row.line.sessionPricePence),
    poundsText(row.line.platformSharePence),
    poundsText(row.line.coachSharePence),
    EARNING_STATE_LABELS[row.line.state],
    londonDateTime(row.releasedAt),
    londonDateTime(row.paidOutAt),
  ]);
}

/** 'fact-earnings-2026-27.csv' for the tax year starting in 2026. */
export function earningsCsvFileName(startYear: number): string {
  return `fact-earnings-${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}.csv`;
}
