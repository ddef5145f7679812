import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_FORMULA_STARTS, CSV_SEPARATORS, csvPenceCell, csvTable, csvTextCell, csvTextOfCell, neutraliseFormulas, type CsvColumn } from './csv';

/** How a spreadsheet in some locale or import setting may cut a cell: at any one of the separators. */
const segmentsAt = (text: string) => CSV_SEPARATORS.flatMap((sep) => text.split(sep));
const startsAFormula = (segment: string) => CSV_FORMULA_STARTS.some((c) => segment.startsWith(c));

/** Strings made mostly of what a hostile name would use, plus arbitrary Unicode. */
const hostile = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.array(fc.constantFrom(...CSV_SEPARATORS, ...CSV_FORMULA_STARTS, "'", '"', ' ', 'Jamie', '1', 'cmd|', '\u00e9'), { maxLength: 24 }).map((p) => p.join('')),
);
const pence = fc.integer({ min: -10_000_000, max: 10_000_000 });

/** What an accounting tool does: strict RFC 4180, every line the same number of cells. */
const readStrictly = (text: string): string[][] => parse(text, { bom: true, relax_quotes: false, relax_column_count: false, skip_empty_lines: false });

describe('a CSV text cell', () => {
  it('never holds a place a spreadsheet could start a cell at that begins a formula, whatever the text', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const cell = csvTextCell(value);
        const read = readStrictly(`${cell}\r\n`)[0]![0]!;
        for (const segment of [...segmentsAt(cell), ...segmentsAt(read)]) expect(startsAFormula(segment), JSON.stringify([value, segment])).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('is always quoted, and gives the original text back once its marks are dropped', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const cell = csvTextCell(value);
        expect(cell.startsWith('"') && cell.endsWith('"')).toBe(true);
        expect(csvTextOfCell(neutraliseFormulas(value))).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('marks a formula after a semicolon, which a semicolon-separated spreadsheet would run', () => {
    expect(csvTextCell('Jamie;=1+1')).toBe(`"Jamie;'=1+1"`);
    expect(csvTextCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvTextCell('a,+1\tb\r\n-2\n@SUM(A1)')).toBe(`"a,'+1\tb\r\n'-2\n'@SUM(A1)"`);
    // A tab both starts a formula and starts the next cell: marked, and what follows it looked at.
    expect(csvTextCell('\t=1')).toBe(`"'\t'=1"`);
    // A name's own leading apostrophe is marked too, so a mark can always be told from it.
    expect(csvTextCell("'=1")).toBe(`"''=1"`);
  });

  it('leaves ordinary text alone but for the quotes', () => {
    expect(csvTextCell('Pat Payer')).toBe('"Pat Payer"');
    expect(csvTextCell("Jo O'Neil-Smith, Jr.")).toBe(`"Jo O'Neil-Smith, Jr."`);
    expect(csvTextCell('Jo "the boot"')).toBe('"Jo ""the boot"""');
    expect(csvTextCell('')).toBe('""');
  });
});

describe('a CSV money cell', () => {
  it('is a plain number of pounds with two decimals, negative ones included', () => {
    expect([csvPenceCell(5300), csvPenceCell(5), csvPenceCell(0), csvPenceCell(123456), csvPenceCell(-500), csvPenceCell(-1)]).toEqual(['53.00', '0.05', '0.00', '1234.56', '-5.00', '-0.01']);
  });

  it('reads back as the same number of pence, for any whole amount', () => {
    fc.assert(
      fc.property(pence, (p) => {
        const cell = csvPenceCell(p);
        expect(cell).toMatch(/^-?\d+\.\d{2}$/);
        expect(Math.round(Number(cell) * 100)).toBe(p);
      }),
    );
  });

  it('refuses what is not whole pence', () => {
    expect(() => csvPenceCell(1.5)).toThrow(RangeError);
    expect(() => csvPenceCell(Number.NaN)).toThrow(RangeError);
  });
});

describe('a CSV table', () => {
  interface Row {
    name: string;
    note: string;
    amount: number;
    refund: number;
  }
  const columns: CsvColumn<Row>[] = [
    { header: '=Name', text: (r) => r.name },
    { header: 'Amount', pence: (r) => r.amount },
    { header: 'Note', text: (r) => r.note },
    { header: 'Refund', pence: (r) => r.refund },
  ];
  const table = csvTable(columns);
  const row = fc.record({ name: hostile, note: hostile, amount: pence, refund: pence });

  it('is read back by a strict CSV parser as the original rows, with amounts that add up', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), (rows) => {
        const file = `\uFEFF${table.header()}${rows.map(table.line).join('')}`;
        const [header, ...read] = readStrictly(file);
        expect(header!.map(csvTextOfCell)).toEqual(['=Name', 'Amount', 'Note', 'Refund']);
        expect(
          read.map(([name, amount, note, refund]) => ({ name: csvTextOfCell(name!), note: csvTextOfCell(note!), amount: Math.round(Number(amount) * 100), refund: Math.round(Number(refund) * 100) })),
        ).toEqual(rows);
        const total = read.reduce((sum, r) => sum + Math.round(Number(r[1]) * 100) + Math.round(Number(r[3]) * 100), 0);
        expect(total).toBe(rows.reduce((sum, r) => sum + r.amount + r.refund, 0));
      }),
      { numRuns: 500 },
    );
  });

  it('writes money cells unquoted and text cells quoted, each line ending in CRLF', () => {
    expect(table.header()).toBe(`"'=Name","Amount","Note","Refund"\r\n`);
    expect(table.line({ name: 'Jamie;=1+1', amount: 5300, note: '', refund: -500 })).toBe(`"Jamie;'=1+1",53.00,"",-5.00\r\n`);
  });

  it('leaves a money cell empty, not 0.00, for a row with no such amount', () => {
    const optional = csvTable<{ amount: number | null }>([{ header: 'Amount', pence: (r) => r.amount }]);
    expect([optional.line({ amount: null }), optional.line({ amount: 0 })]).toEqual(['\r\n', '0.00\r\n']);
  });
});
