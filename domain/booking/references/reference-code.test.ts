import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isReferenceCode,
  normaliseReferenceSearch,
  numberOfSuffix,
  parseReferenceCode,
  REFERENCE_CODE_PATTERN,
  referenceCodeFor,
  referenceDay,
  shuffleSuffix,
  suffixSlot,
  unshuffleSuffix,
} from './reference-code';

const FOUR = 36 ** 4;
const FIVE = 36 ** 5;
const day = fc.integer({ min: 20000101, max: 20991231 });
const suffixOf = (code: string) => code.slice('FACT-YYYYMMDD-'.length);

describe('booking reference codes', () => {
  it("are FACT-, the London creation date and four characters for a day's first bookings", () => {
    expect(referenceCodeFor(new Date('2025-09-24T12:00:00Z'), 0)).toMatch(/^FACT-20250924-[A-Z0-9]{4}$/);
    expect(referenceCodeFor(new Date('2025-09-24T12:00:00Z'), FOUR - 1)).toMatch(/^FACT-20250924-[A-Z0-9]{4}$/);
  });

  it('use the London date, not the UTC date, around midnight in summer', () => {
    // 23:30 UTC on 24 Sept is 00:30 on 25 Sept in London (BST)
    expect(referenceDay(new Date('2025-09-24T23:30:00Z'))).toBe('2025-09-25');
    expect(referenceCodeFor(new Date('2025-09-24T23:30:00Z'), 7)).toMatch(/^FACT-20250925-/);
  });

  it("give a run of consecutive places in a day's shuffle as many distinct suffixes, at any length", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 4, max: 10 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (d, length, at) => {
        const size = 36 ** length;
        const start = Math.min(Math.floor(at * size), size - 3000);
        const values = new Set(Array.from({ length: 3000 }, (_, i) => shuffleSuffix(d, length, start + i)));
        expect(values.size).toBe(3000);
      }),
      { numRuns: 20 },
    );
  });

  it('shuffle the suffixes of any length one to one: every place has its own suffix and comes back from it', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 4, max: 10 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (d, length, at) => {
        const size = 36 ** length;
        const index = Math.floor(at * size);
        const value = shuffleSuffix(d, length, index);
        expect(Number.isSafeInteger(value) && value >= 0 && value < size).toBe(true);
        expect(unshuffleSuffix(d, length, value)).toBe(index);
        expect(shuffleSuffix(d, length, unshuffleSuffix(d, length, index))).toBe(index);
      }),
      { numRuns: 500 },
    );
  });

  it('give distinct numbers of one day distinct references, across the change from four characters to five', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: FOUR - 2000, max: FOUR + 2000 }), { minLength: 2, maxLength: 200 }), (numbers) => {
        const codes = numbers.map((n) => referenceCodeFor(new Date('2026-12-01T12:00:00Z'), n));
        expect(new Set(codes).size).toBe(numbers.length);
      }),
    );
  });

  it('read back as the number they were made from', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: FOUR + FIVE + 10 }), fc.integer({ min: 0, max: 10 ** 15 })), (n) => {
        const code = referenceCodeFor(new Date('2026-12-01T12:00:00Z'), n);
        expect(numberOfSuffix(20261201, suffixOf(code))).toBe(n);
      }),
      { numRuns: 500 },
    );
  });

  it('grow a fifth character after the first 36^4 numbers of a day, a sixth after the next 36^5', () => {
    expect(suffixSlot(FOUR - 1)).toEqual({ length: 4, index: FOUR - 1 });
    expect(suffixSlot(FOUR)).toEqual({ length: 5, index: 0 });
    expect(suffixSlot(FOUR + FIVE - 1)).toEqual({ length: 5, index: FIVE - 1 });
    expect(suffixSlot(FOUR + FIVE)).toEqual({ length: 6, index: 0 });
    expect(referenceCodeFor(new Date('2026-12-01T12:00:00Z'), FOUR)).toMatch(/^FACT-20261201-[A-Z0-9]{5}$/);
    expect(() => suffixSlot(-1)).toThrow(RangeError);
  });

  it('do not read as a count: consecutive numbers land far apart, by no constant step', () => {
    const values = Array.from({ length: 200 }, (_, n) => shuffleSuffix(20261201, 4, n));
    const steps = values.slice(1).map((v, i) => (v - values[i]! + FOUR) % FOUR);
    expect(new Set(steps).size).toBeGreaterThan(190);
    // Neighbours rarely share even the first character (1 in 36 by chance).
    const sameFirst = values.slice(1).filter((v, i) => Math.floor(v / 36 ** 3) === Math.floor(values[i]! / 36 ** 3)).length;
    expect(sameFirst).toBeLessThan(20);
  });

  it("give a day's first booking a different suffix from one day to the next", () => {
    const firsts = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'].map((d) => suffixOf(referenceCodeFor(new Date(`${d}T12:00:00Z`), 0)));
    expect(new Set(firsts).size).toBe(4);
  });

  it('always match the stored format, whatever the date and number', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), fc.integer({ min: 0, max: 10 ** 15 }), (d, n) => {
        const code = referenceCodeFor(d, n);
        expect(code).toMatch(REFERENCE_CODE_PATTERN);
        expect(parseReferenceCode(code).ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('parse a code typed in lower case with spaces around it', () => {
    expect(parseReferenceCode('  fact-20250924-a7b2 ')).toEqual({ ok: true, value: { code: 'FACT-20250924-A7B2', date: '2025-09-24', suffix: 'A7B2' } });
  });

  it('refuse a code with an impossible date or the wrong shape', () => {
    expect(parseReferenceCode('FACT-20250231-A7B2').ok).toBe(false);
    expect(parseReferenceCode('FACT-2025092-A7B2').ok).toBe(false);
    expect(parseReferenceCode('FACT-20250924-A7B').ok).toBe(false);
    expect(parseReferenceCode('FACT-20250924-A7B2C9D4E6F').ok).toBe(false);
    const bad = parseReferenceCode('FOO-20250924-A7B2');
    expect(!bad.ok && bad.error).toMatchObject({ kind: 'invalid', code: 'REFERENCE_INVALID' });
  });

  it('parse a code with a longer suffix, as a busy day gives', () => {
    expect(parseReferenceCode('fact-20250924-a7b2c')).toEqual({ ok: true, value: { code: 'FACT-20250924-A7B2C', date: '2025-09-24', suffix: 'A7B2C' } });
  });

  it('know an exact code from a sloppy one', () => {
    expect(isReferenceCode('FACT-20250924-A7B2')).toBe(true);
    expect(isReferenceCode('fact-20250924-a7b2')).toBe(false);
  });
});

describe('normalising a reference search', () => {
  it('trims, upper-cases and drops inner spaces', () => {
    expect(normaliseReferenceSearch('  fact-2025 0924 ')).toEqual({ ok: true, value: 'FACT-20250924' });
  });

  it('allows a prefix', () => {
    expect(normaliseReferenceSearch('fa')).toEqual({ ok: true, value: 'FA' });
  });

  it('allows a whole reference with a longer suffix', () => {
    expect(normaliseReferenceSearch('fact-20250924-a7b2c')).toEqual({ ok: true, value: 'FACT-20250924-A7B2C' });
    expect(normaliseReferenceSearch('FACT-20250924-A7B2C9D4E6')).toEqual({ ok: true, value: 'FACT-20250924-A7B2C9D4E6' });
  });

  it('refuses blank text', () => {
    const r = normaliseReferenceSearch('   ');
    expect(!r.ok && r.error).toMatchObject({ code: 'REFERENCE_SEARCH_REQUIRED', message: 'Please enter a booking reference' });
  });

  it('refuses text no reference could start with', () => {
    expect(normaliseReferenceSearch("FACT-'; drop").ok).toBe(false);
    expect(normaliseReferenceSearch('FACT-20250924-A7B2C9D4E6F').ok).toBe(false);
    const r = normaliseReferenceSearch('50%');
    expect(!r.ok && r.error.message).toBe('No bookings found with that reference');
  });
});
