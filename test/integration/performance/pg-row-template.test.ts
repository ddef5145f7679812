import fc from 'fast-check';
import { createRequire } from 'node:module';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';

/**
 * scripts/patches/pg: pg built each result's empty row key by key on a null-prototype object, on
 * every query (~11 µs for the session's 26-column user row), and made each row by copying it and
 * storing values under keys held in a variable. The patch keeps, per column list, one empty row
 * and one compiled row maker. Rows must come out exactly as before.
 */
type Field = { name: string; dataTypeID: number; format: string };
type PgResult = {
  addFields(fields: Field[]): void;
  parseRow(values: (string | null)[]): Record<string, unknown>;
  _prebuiltEmptyResultObject: object;
  _makeRow: unknown;
  _parsers: ((value: unknown) => unknown)[];
};
const Result = createRequire(import.meta.url)('pg/lib/result.js') as new (rowMode?: string, types?: unknown) => PgResult;

const TEXT = 25;

/** pg 8.23's own row building, unpatched: a null-prototype template spread, then each value set. */
function unpatchedRow(fields: Field[], values: (string | null)[], parsers: PgResult['_parsers']): Record<string, unknown> {
  const template = Object.create(null) as Record<string, unknown>;
  for (const f of fields) template[f.name] = null;
  const row: Record<string, unknown> = { ...{ ...template } };
  fields.forEach((f, i) => {
    const value = values[i];
    row[f.name] = value === null || value === undefined ? null : parsers[i]!(f.format === 'binary' ? Buffer.from(value) : value);
  });
  return row;
}

describe('pg result rows with one empty row per column list', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client(inject('adminDatabaseUrl'));
    await client.connect();
  });
  afterAll(async () => client.end());

  it('gives every row the same own keys, order, values and prototype as pg did, for any column list', () => {
    const name = fc.constantFrom('id', 'full_name', '__proto__', 'constructor', '1', '10', '', 'x y', 'toString', 'a\u0000b');
    const format = fc.constantFrom('text', 'text', 'text', 'binary');
    const columns = fc.array(fc.record({ name, format, value: fc.option(fc.string(), { nil: null }) }), { maxLength: 30 });
    fc.assert(
      fc.property(fc.array(columns, { minLength: 1, maxLength: 4 }), (queries) => {
        for (const cols of queries) {
          const fields = cols.map((c) => ({ name: c.name, dataTypeID: TEXT, format: c.format }));
          const values = cols.map((c) => c.value);
          const result = new Result();
          result.addFields(fields);
          const row = result.parseRow(values);
          const expected = unpatchedRow(fields, values, result._parsers);
          expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
          expect(Reflect.ownKeys(row)).toEqual(Reflect.ownKeys(expected));
          for (const key of Reflect.ownKeys(expected)) expect(Object.getOwnPropertyDescriptor(row, key)).toEqual(Object.getOwnPropertyDescriptor(expected, key));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reuses one empty row for queries with the same columns and makes another for other columns', async () => {
    const first = (await client.query(`select 1::int as id, 'a' as name`)) as unknown as PgResult;
    const second = (await client.query(`select 2::int as id, 'b' as name`)) as unknown as PgResult;
    const other = (await client.query(`select 3::int as id, 'c' as label`)) as unknown as PgResult;
    expect(second._prebuiltEmptyResultObject).toBe(first._prebuiltEmptyResultObject);
    expect(typeof first._makeRow).toBe('function');
    expect(second._makeRow).toBe(first._makeRow);
    expect(other._prebuiltEmptyResultObject).not.toBe(first._prebuiltEmptyResultObject);
    expect(other._makeRow).not.toBe(first._makeRow);
  });

  it('parses values with the column types and keeps the last of two columns with one name, from a real server', async () => {
    const { rows } = await client.query(`select 1::int as id, null as "__proto__", '2026-11-29T10:00:00Z'::timestamptz as at, 7::int as id`);
    expect(rows).toHaveLength(1);
    const row = rows[0] as Record<string, unknown>;
    expect(Object.keys(row)).toEqual(['id', '__proto__', 'at']);
    expect(row.id).toBe(7);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBeNull();
    expect(row.at).toEqual(new Date('2026-11-29T10:00:00Z'));
    // A row never shares the empty row it was copied from.
    (row as { id: number }).id = 8;
    const again = await client.query(`select 1::int as id, null as "__proto__", now() as at, 9::int as id`);
    expect(again.rows[0].id).toBe(9);
  });
});
