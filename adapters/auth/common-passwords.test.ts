import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, createCommonPasswords } from './common-passwords';
import { dictionary } from '@zxcvbn-ts/language-common';

describe('the common-passwords list', () => {
  const list = createCommonPasswords();

  it('holds the 10 000 most common passwords of a maintained list, compared without case', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
    expect(dictionary['passwords-common'].length).toBeGreaterThanOrEqual(COMMON_PASSWORD_COUNT);
    for (const p of ['password', '123456', 'qwerty', 'iloveyou', 'PASSWORD', 'Football', 'letmein']) expect(list.includes(p), p).toBe(true);
    expect(list.includes(String(dictionary['passwords-common'][COMMON_PASSWORD_COUNT - 1]))).toBe(true);
  });

  it('lets an ordinary passphrase through', () => {
    for (const p of ['correct-horse-42', 'fact-demo-2026', 'Tom keeps goal 7']) expect(list.includes(p), p).toBe(false);
  });
});
