/**
 * scrypt at 2^10 instead of production's 2^15 (FACT_TEST_SCRYPT_LOG2_N, test mode only): every
 * test application signs people up and in, and each hash at production's cost is slow by design.
 * Tests of the hash's cost or its timing ask for PRODUCTION_HASH_COST instead.
 */
export const TEST_HASH_COST = { FACT_TEST_SCRYPT_LOG2_N: '10' } as const;
export const PRODUCTION_HASH_COST = { FACT_TEST_SCRYPT_LOG2_N: '15' } as const;
