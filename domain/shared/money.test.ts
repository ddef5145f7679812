import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPence, formatPenceShort } from './money';

const pence = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -1e12, max: 1e12 }));

describe('money shown to people', () => {
  it('writes the short form as the full one without a whole pound’s “.00”', () => {
    fc.assert(
      fc.property(pence, (p) => {
        expect(formatPence(p)).toMatch(/^-?£\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(formatPenceShort(p)).toBe(p % 100 === 0 ? formatPence(p).slice(0, -3) : formatPence(p));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes the amounts a page shows most', () => {
    expect(formatPence(5300)).toBe('£53.00');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(-300)).toBe('-£3.00');
    expect(formatPence(123456789)).toBe('£1,234,567.89');
    expect(formatPenceShort(4500)).toBe('£45');
    expect(formatPenceShort(4550)).toBe('£45.50');
    expect(formatPenceShort(100000)).toBe('£1,000');
  });
});
