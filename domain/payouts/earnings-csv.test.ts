import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_FORMULA_STARTS, CSV_SEPARATORS, csvTextOfCell } from '../shared/csv';
import type { EarningLine } from './earnings';
import { EARNING_STATES } from './earnings';
import { earningsCsvFileName, earningsCsvHeader, earningsCsvLine, type EarningsCsvSessionRow } from './earnings-csv';

const line = (l: Partial<EarningLine> = {}): EarningLine => ({
  state: 'paid_out',
  sessionPricePence: 4500,
  platformSharePence: 300,
  coachSharePence: 4500,
  reversedPence: 0,
  date: null,
  dateKind: null,
  ...l,
});
const session = (r: Omit<EarningsCsvSessionRow, 'kind' | 'packageSession'> & { packageSession?: string | null }): EarningsCsvSessionRow => ({ kind: 'session', packageSession: null, ...r });
const readStrictly = (text: string): string[][] => parse(text, { bom: true, relax_quotes: false, relax_column_count: false });

describe('the earnings CSV', () => {
  it('writes one line per booking in London time, text quoted and amounts as numbers', () => {
    expect(earningsCsvHeader()).toBe(
      '"Reference","Session date","Client","Session price","Platform share","Coach share","State","Released at","Paid out at","Type","Package","Sold at","Package price","Refunded to client"\r\n',
    );
    const text = earningsCsvLine(
      session({
        referenceCode: 'FACT-20260701-AB12',
        startsAt: new Date('2026-07-04T23:30:00Z'),
        clientName: '=Pat',
        line: line(),
        releasedAt: new Date('2026-07-07T10:15:00Z'),
        paidOutAt: new Date('2026-07-08T05:00:00Z'),
      }),
    );
    expect(text).toBe(`"FACT-20260701-AB12","2026-07-05","'=Pat",45.00,3.00,45.00,"Paid out","2026-07-07 11:15","2026-07-08 06:00","Session","","",,\r\n`);
  });

  it('writes a reversed coach share as a negative number, not as text', () => {
    const text = earningsCsvLine(
      session({
        referenceCode: 'R',
        startsAt: new Date('2026-07-04T10:00:00Z'),
        clientName: 'Jamie;=1+1',
        line: line({ state: 'reversed', coachSharePence: -500, reversedPence: 5000 }),
        releasedAt: null,
        paidOutAt: null,
      }),
    );
    expect(text).toBe(`"R","2026-07-04","Jamie;'=1+1",45.00,3.00,-5.00,"Reversed","","","Session","","",,\r\n`);
  });

  it('names the package of a session booked from one, and keeps its amounts where a single session’s are', () => {
    const text = earningsCsvLine(
      session({
        referenceCode: 'P',
        startsAt: new Date('2026-07-04T10:00:00Z'),
        clientName: 'Pat',
        line: line({ sessionPricePence: 4000, platformSharePence: 0, coachSharePence: 4000 }),
        releasedAt: null,
        paidOutAt: null,
        packageSession: 'Session 2 of 5 · Spring;=1+1',
      }),
    );
    expect(text).toBe(`"P","2026-07-04","Pat",40.00,0.00,40.00,"Paid out","","","Package session","Session 2 of 5 · Spring;'=1+1","",,\r\n`);
  });

  it('writes a package sale with its price and refund in columns of their own, and no session or share amount to add up', () => {
    const text = earningsCsvLine({
      kind: 'package_sale',
      clientName: '@Clara',
      packageName: '5 × 60 min',
      soldAt: new Date('2026-12-03T09:05:00Z'),
      pricePence: 20_000,
      refundedPence: 8000,
      sessions: '1 released to you · 2 booked · 2 refunded',
    });
    expect(text).toBe(`"","","'@Clara",,,,"1 released to you · 2 booked · 2 refunded","","","Package sale","5 × 60 min","2026-12-03 09:05",200.00,80.00\r\n`);
    const [, cells] = readStrictly(earningsCsvHeader() + text);
    expect(cells).toHaveLength(14);
  });

  it('gives any client name and any amounts back to a strict CSV reader, with no cell that starts a formula', () => {
    const name = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.array(fc.constantFrom(...CSV_SEPARATORS, ...CSV_FORMULA_STARTS, "'", '"', 'Jamie', '1+1'), { maxLength: 20 }).map((p) => p.join('')),
    );
    const amount = fc.integer({ min: -1_000_000, max: 1_000_000 });
    const row = fc.record({ name, state: fc.constantFrom(...EARNING_STATES), price: amount, platform: amount, coach: amount });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 6 }), (rows) => {
        const lines = rows.map((r) =>
          earningsCsvLine(
            session({
              referenceCode: 'FACT-1',
              startsAt: new Date('2026-07-04T10:00:00Z'),
              clientName: r.name,
              line: line({ state: r.state, sessionPricePence: r.price, platformSharePence: r.platform, coachSharePence: r.coach }),
              releasedAt: null,
              paidOutAt: null,
            }),
          ),
        );
        const [, ...read] = readStrictly(earningsCsvHeader() + lines.join(''));
        expect(read.map((cells) => csvTextOfCell(cells[2]!))).toEqual(rows.map((r) => r.name));
        const segments = read.flatMap((cells) => CSV_SEPARATORS.flatMap((sep) => cells[2]!.split(sep)));
        expect(segments.filter((segment) => CSV_FORMULA_STARTS.some((c) => segment.startsWith(c)))).toEqual([]);
        const sum = (i: number) => read.reduce((s, cells) => s + Math.round(Number(cells[i]) * 100), 0);
        expect([sum(3), sum(4), sum(5)]).toEqual([rows.reduce((s, r) => s + r.price, 0), rows.reduce((s, r) => s + r.platform, 0), rows.reduce((s, r) => s + r.coach, 0)]);
      }),
      { numRuns: 300 },
    );
  });

  it('names the file after the tax year', () => {
    expect(earningsCsvFileName(2026)).toBe('fact-earnings-2026-27.csv');
    expect(earningsCsvFileName(2099)).toBe('fact-earnings-2099-00.csv');
  });
});
