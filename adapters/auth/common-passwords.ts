import { dictionary } from '@zxcvbn-ts/language-common';
import type { CommonPasswords } from '../../domain/accounts/sign-in/common-passwords';

/**
 * The 10 000 most common passwords, ranked, from @zxcvbn-ts/language-common (MIT, maintained; its
 * list is drawn from leaked-password corpora), compared in lower case. Loaded once per process.
 */
export const COMMON_PASSWORD_COUNT = 10_000;

let cached: Set<string> | null = null;

export function createCommonPasswords(): CommonPasswords {
  return {
    includes(password) {
      cached ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => String(p).toLowerCase()));
      return cached.has(password.toLowerCase());
    },
  };
}
