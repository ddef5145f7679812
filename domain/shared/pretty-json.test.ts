import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prettyJsonPieces } from './pretty-json';

const joined = (value: unknown) => [...prettyJsonPieces(value)].join('');

describe('pretty JSON in pieces', () => {
  it('joins to exactly what JSON.stringify writes with two spaces, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(joined(value)).toBe(JSON.stringify(value, null, 2));
      }),
      { numRuns: 500 },
    );
  });

  it('follows JSON for dates, undefined, functions, non-finite numbers and empty containers', () => {
    const value = { at: new Date('2026-12-01T10:00:00Z'), gone: undefined, fn: () => 1, list: [undefined, () => 1, Number.NaN, Infinity, {}, []], nested: { empty: {} } };
    expect(joined(value)).toBe(JSON.stringify(value, null, 2));
  });

  it('comes in many small pieces, not one text, so a large document is never held whole', () => {
    const messages = Array.from({ length: 2_000 }, (_, i) => ({ id: i, content: 'x'.repeat(5_000) }));
    const pieces = [...prettyJsonPieces({ messages })];
    expect(pieces.length).toBeGreaterThan(2_000);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(5_100);
  });
});
