import { csvTable, type CsvColumn } from '../shared/csv';
import { utcToLondon } from '../shared/london-time';
import { EARNING_STATE_LABELS, type EarningLine } from './earnings';

/**
 * The Earnings CSV a coach hands to their accountant or copies into their Self Assessment.
 * One line per booking whose money was released in the UK tax year asked for (6 April to
 * 5 April, London dates): a self-employed coach reports the income of a tax year, and the
 * release is when the money became theirs. Amounts are money columns: pounds with two decimals,
 * no '£', negative ones included, so spreadsheets add them up. Everything else is a text column,
 * quoted and formula-safe (domain/shared/csv.ts). Dates in London time.
 */
export interface EarningsCsvRow {
  readonly referenceCode: string;
  readonly startsAt: Date;
  readonly clientName: string;
  readonly line: EarningLine;
  readonly releasedAt: Date | null;
  readonly paidOutAt: Date | null;
}

const londonDate = (d: Date) => utcToLondon(d).date;
const londonDateTime = (d: Date | null) => {
  if (!d) return '';
  const p = utcToLondon(d);
  return `${p.date} ${p.time}`;
};

export const EARNINGS_CSV_COLUMNS: readonly CsvColumn<EarningsCsvRow>[] = [
  { header: 'Reference', text: (r) => r.referenceCode },
  { header: 'Session date', text: (r) => londonDate(r.startsAt) },
  { header: 'Client', text: (r) => r.clientName },
  { header: 'Session price', pence: (r) => r.line.sessionPricePence },
  { header: 'Platform share', pence: (r) => r.line.platformSharePence },
  { header: 'Coach share', pence: (r) => r.line.coachSharePence },
  { header: 'State', text: (r) => EARNING_STATE_LABELS[r.line.state] },
  { header: 'Released at', text: (r) => londonDateTime(r.releasedAt) },
  { header: 'Paid out at', text: (r) => londonDateTime(r.paidOutAt) },
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
