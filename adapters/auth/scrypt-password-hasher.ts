import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '../../domain/accounts/sign-in/password-hasher';

/**
 * PRODUCT.md: passwords are hashed with a memory-hard function. scrypt (N=2^15, r=8, p=1,
 * 64-byte key) with a 16-byte random salt per password, stored as
 * `scrypt$<N>$<r>$<p>$<salt b64>$<key b64>` so the cost can rise later without breaking old hashes.
 */
const PARAMS = { N: 1 << 15, r: 8, p: 1 } as const;

/** Production's cost, or the test suite's cheaper one (FACT_TEST_SCRYPT_LOG2_N, test mode only). */
export function scryptParams(log2N: number | undefined): { N: number; r: number; p: number } {
  return log2N === undefined ? PARAMS : { ...PARAMS, N: 1 << log2N };
}
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export function createScryptPasswordHasher(params: { N: number; r: number; p: number } = PARAMS): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await derive(password, salt, params, KEY_LENGTH);
      return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
    },
    async verify(password, stored) {
      const parts = stored.split('$');
      if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
      const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
      if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 1 << 20) return false;
      const salt = Buffer.from(parts[4]!, 'base64');
      const expected = Buffer.from(parts[5]!, 'base64');
      if (expected.length === 0) return false;
      const actual = await derive(password, salt, { N, r, p }, expected.length);
      return timingSafeEqual(actual, expected);
    },
  };
}
