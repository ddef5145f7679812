import type { Pence } from './money';

/**
 * FACT's one CSV writer (decision 035). Every CSV file FACT writes is built here, from columns
 * that say by their type whether they hold text or money, so no cell is ever judged by sniffing
 * its string.
 *
 * - A text cell is always quoted (RFC 4180) and neutralised: a spreadsheet must never read any
 *   part of it as a formula. Excel and LibreOffice split a line at `,`, at `;` (where that is the
 *   list separator), at a tab, and at line breaks, depending on locale and import settings, so
 *   the start of the cell and every place after one of those characters is the start of a cell
 *   somewhere. Each such place that begins with `=`, `+`, `-`, `@`, a tab or a carriage return
 *   gets a `'` in front, the mark spreadsheets take for "this is text". A place that already
 *   begins with `'` gets one too, so the marking is lossless: dropping the `'` at the start of
 *   every such place gives the original back (`csvTextOfCell`).
 * - A money cell is integer pence written as a plain number of pounds with two decimals (`53.00`,
 *   `-5.00`), unquoted and never marked: a refund or reversal line must add up in a spreadsheet.
 */

/** Where a spreadsheet may start a new cell: after a comma, a semicolon, a tab or a line break. */
export const CSV_SEPARATORS: readonly string[] = [',', ';', '\t', '\r', '\n'];
/** What makes a spreadsheet run a cell (or, for tab and CR, what it strips before running one). */
export const CSV_FORMULA_STARTS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

const MARK = "'";
const isSeparator = (c: string) => CSV_SEPARATORS.includes(c);
const needsMark = (c: string) => c === MARK || CSV_FORMULA_STARTS.includes(c);

/** `Jamie;=1+1` → `Jamie;'=1+1`: a `'` before every place a cell could start that a spreadsheet would run. */
export function neutraliseFormulas(value: string): string {
  let out = '';
  let atCellStart = true;
  for (const c of value) {
    if (atCellStart && needsMark(c)) out += MARK;
    out += c;
    // A tab or CR is both: marked above when it starts a cell, and what starts the next one.
    atCellStart = isSeparator(c);
  }
  return out;
}

/** The inverse of neutraliseFormulas: the text as it was before it was marked. */
export function csvTextOfCell(neutralised: string): string {
  let out = '';
  let atCellStart = true;
  for (const c of neutralised) {
    if (atCellStart && c === MARK) {
      atCellStart = false;
      continue;
    }
    out += c;
    atCellStart = isSeparator(c);
  }
  return out;
}

/** A text cell: neutralised, then quoted with its double quotes doubled. */
export function csvTextCell(value: string): string {
  return `"${neutraliseFormulas(value).replace(/"/g, '""')}"`;
}

/** A money cell: 5300 → `53.00`, -500 → `-5.00`; integer pence only. */
export function csvPenceCell(pence: Pence): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`A CSV amount must be whole pence, not ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One column of a CSV file: its heading and how a row gives its cell, as text or as money. A money
 * column's null is an empty cell: a row with no such amount (a spreadsheet's sum skips it, where a
 * 0.00 would claim one).
 */
export type CsvColumn<Row> = { readonly header: string; readonly text: (row: Row) => string } | { readonly header: string; readonly pence: (row: Row) => Pence | null };

export interface CsvTable<Row> {
  /** The heading line. */
  header(): string;
  /** One row's line. */
  line(row: Row): string;
}

/** A CSV file's lines from its columns; each line CRLF-terminated, as RFC 4180 has it. */
export function csvTable<Row>(columns: readonly CsvColumn<Row>[]): CsvTable<Row> {
  const record = (cells: readonly string[]) => `${cells.join(',')}\r\n`;
  const heading = record(columns.map((c) => csvTextCell(c.header)));
  return {
    header: () => heading,
    line: (row) =>
      record(
        columns.map((c) => {
          if ('text' in c) return csvTextCell(c.text(row));
          const pence = c.pence(row);
          return pence === null ? '' : csvPenceCell(pence);
        }),
      ),
  };
}
