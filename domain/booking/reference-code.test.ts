import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateReferenceCode, isReferenceCode, normaliseReferenceSearch, parseReferenceCode, REFERENCE_CODE_PATTERN } from './reference-code';
import { scriptedRandom } from './testing/fixtures';

describe('booking reference codes', () => {
  it('are FACT-, the London creation date and four random characters', () => {
    expect(generateReferenceCode(new Date('2025-09-24T12:00:00Z'), scriptedRandom([0, 25, 26, 35]))).toBe('FACT-20250924-AZ09');
  });

  it('use the London date, not the UTC date, around midnight in summer', () => {
    // 23:30 UTC on 24 Sept is 00:30 on 25 Sept in London (BST)
    expect(generateReferenceCode(new Date('2025-09-24T23:30:00Z'), scriptedRandom([]))).toBe('FACT-20250925-AAAA');
  });

  it('always match the stored format whatever the random source gives', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), fc.array(fc.nat(), { maxLength: 4 }), (d, r) => {
        const code = generateReferenceCode(d, scriptedRandom(r));
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
    const bad = parseReferenceCode('FOO-20250924-A7B2');
    expect(!bad.ok && bad.error).toMatchObject({ kind: 'invalid', code: 'REFERENCE_INVALID' });
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

  it('refuses blank text', () => {
    const r = normaliseReferenceSearch('   ');
    expect(!r.ok && r.error).toMatchObject({ code: 'REFERENCE_SEARCH_REQUIRED', message: 'Please enter a booking reference' });
  });

  it('refuses text no reference could start with', () => {
    expect(normaliseReferenceSearch("FACT-'; drop").ok).toBe(false);
    expect(normaliseReferenceSearch('FACT-20250924-A7B2X').ok).toBe(false);
    const r = normaliseReferenceSearch('50%');
    expect(!r.ok && r.error.message).toBe('No bookings found with that reference');
  });
});
