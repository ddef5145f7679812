import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv', () => {
  it('fills in the embedded defaults when nothing is set', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names the bad variable in its error', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses a Stripe secret key without its publishable key', () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });

  it('takes an optional second webhook secret for the Connect endpoint, and refuses one that is not a signing secret', () => {
    expect(loadEnv({ STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect' }).STRIPE_CONNECT_WEBHOOK_SECRET).toBe('whsec_connect');
    expect(() => loadEnv({ STRIPE_CONNECT_WEBHOOK_SECRET: 'sk_test_1' })).toThrow(/STRIPE_CONNECT_WEBHOOK_SECRET/);
  });

  it('takes a cheaper scrypt cost only in test mode, and only from 2^10 to 2^15', () => {
    expect(loadEnv({ FACT_TEST_MODE: '1', FACT_TEST_SCRYPT_LOG2_N: '10' }).FACT_TEST_SCRYPT_LOG2_N).toBe(10);
    expect(loadEnv({}).FACT_TEST_SCRYPT_LOG2_N).toBeUndefined();
    expect(() => loadEnv({ FACT_TEST_SCRYPT_LOG2_N: '10' })).toThrow(/FACT_TEST_SCRYPT_LOG2_N: only with FACT_TEST_MODE=1/);
    expect(() => loadEnv({ FACT_TEST_MODE: '1', FACT_TEST_SCRYPT_LOG2_N: '8' })).toThrow(/10 to 15/);
  });

  it('allows insecure calendar fetches only outside production, and a calendar key of 32 characters or more', () => {
    expect(loadEnv({ CALENDAR_FETCH_ALLOW_INSECURE: '1' }).CALENDAR_FETCH_ALLOW_INSECURE).toBe('1');
    expect(loadEnv({}).CALENDAR_FETCH_ALLOW_INSECURE).toBe('0');
    expect(() => loadEnv({ NODE_ENV: 'production', CALENDAR_FETCH_ALLOW_INSECURE: '1' })).toThrow(/CALENDAR_FETCH_ALLOW_INSECURE: must not be set in production/);
    expect(() => loadEnv({ CALENDAR_LINK_KEY: 'short' })).toThrow(/CALENDAR_LINK_KEY must be at least 32 characters/);
  });
});
