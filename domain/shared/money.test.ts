import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPence, formatPenceShort } from './money';

const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const intlWhole = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const pence = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -1e12, max: 1e12 }));

describe('money shown to people', () => {
  it('writes any whole number of pence exactly as Intl’s en-GB pounds would', () => {
    fc.assert(
      fc.property(pence, (p) => {
        expect(formatPence(p)).toBe(intl.format(p / 100));
        expect(formatPenceShort(p)).toBe(p % 100 === 0 ? intlWhole.format(p / 100) : intl.format(p / 100));
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

  it('falls back to Intl for a fraction of a penny', () => {
    expect(formatPence(1234.5)).toBe(intl.format(12.345));
  });
});
