import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectFormEntries, parseForm } from './parse-form';
import { enumList, optionalText, requiredText } from './fields';

const schema = z.object({
  name: requiredText('Name please', 10, 'Name too long'),
  location: z.object({ address: requiredText('Address please', 50, 'Address too long') }),
});

describe('parseForm', () => {
  it('returns the parsed value', () => {
    expect(parseForm(schema, { name: ' Ann ', location: { address: 'Leeds' } })).toEqual({
      ok: true,
      value: { name: 'Ann', location: { address: 'Leeds' } },
    });
  });

  it('fails as invalid with field errors keyed by path and the first error as message', () => {
    const result = parseForm(schema, { name: '', location: {} });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'invalid',
        code: 'VALIDATION_FAILED',
        message: 'Name please',
        fieldErrors: { name: ['Name please'], 'location.address': ['Address please'] },
      },
    });
  });
});

describe('form fields', () => {
  it('sanitises and trims free text before checking its length', () => {
    const field = requiredText('Required', 5, 'Too long');
    expect(field.parse('  <b>hi</b>  ')).toBe('bhi/b');
    expect(field.safeParse('<>').success).toBe(false);
  });

  it('keeps an absent optional text absent and turns blank into null', () => {
    const field = optionalText(5, 'Too long');
    expect(field.parse(undefined)).toBeUndefined();
    expect(field.parse('   ')).toBeNull();
    expect(field.parse(null)).toBeNull();
    expect(field.safeParse('123456').error?.issues[0]?.message).toBe('Too long');
  });

  it('reads one value, several or blanks as a de-duplicated list', () => {
    const field = enumList(['a', 'b'] as const, 'Bad');
    expect(field.parse('a')).toEqual(['a']);
    expect(field.parse(['a', 'a', 'b', ''])).toEqual(['a', 'b']);
    expect(field.parse(null)).toEqual([]);
    expect(field.safeParse(['c']).error?.issues[0]?.message).toBe('Bad');
  });
});

describe('collectFormEntries', () => {
  it('turns repeated keys and keys ending in [] into lists', () => {
    const entries: [string, string][] = [
      ['name', 'Ann'],
      ['types', 'striker'],
      ['types', 'midfield'],
      ['times[]', 'morning'],
    ];
    expect(collectFormEntries(entries)).toEqual({ name: 'Ann', types: ['striker', 'midfield'], times: ['morning'] });
  });
});
