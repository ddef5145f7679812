import { z } from 'zod';

/** Every environment variable FACT reads, validated once at start-up (README lists them). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin used in emails and redirect checks. */
  APP_URL: z.string().url().optional(),
  DATABASE_URL: z.string().url().optional(),
  /** Where the embedded PostgreSQL and local uploads live when DATABASE_URL is absent. */
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  /** The key the coaches' linked calendar addresses are encrypted with (HKDF-SHA256 of it); default: the session secret. */
  CALENDAR_LINK_KEY: z.string().min(32, 'CALENDAR_LINK_KEY must be at least 32 characters').optional(),
  /** Tests only: linked calendars may be fetched over http and from loopback (the tests' local server); refused in production. */
  CALENDAR_FETCH_ALLOW_INSECURE: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** The Connect endpoint's signing secret (account.updated, payout.paid of coaches' accounts) when it is a second endpoint; tried after STRIPE_WEBHOOK_SECRET. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  /** The platform's commission on the session price, in basis points (250 = 2.5 %); the admin fee is kept anyway (decision 012). */
  PLATFORM_COMMISSION_BPS: z.coerce.number().int().min(0, 'PLATFORM_COMMISSION_BPS must be 0 to 10000').max(10_000, 'PLATFORM_COMMISSION_BPS must be 0 to 10000').default(0),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('FACT <no-reply@fact.example>'),
  /** Development mail outbox (JSON Lines); default <DATA_DIR>/mail-outbox.jsonl. */
  MAIL_OUTBOX_FILE: z.string().optional(),
  /**
   * Run the outbox worker (jobs and scheduled tasks) inside the web process; 'off' when `fact worker`
   * runs apart. The web process still removes its own stored files either way (decision 038).
   */
  OUTBOX_WORKER: z.enum(['on', 'off']).default('on'),
  /** Seed the demo world into an empty embedded database on first start. */
  DEMO_SEED: z.enum(['auto', 'never']).default('auto'),
  /** Test-only switches; refused in production. */
  FACT_TEST_MODE: z.enum(['0', '1']).default('0'),
  /** Test mode only: answer Google's token and user-info endpoints in-process (msw). */
  FACT_MOCK_GOOGLE: z.enum(['0', '1']).default('0'),
  /**
   * Test mode only: scrypt's cost as log2 N, below production's 15, so the suite's thousands of
   * sign-ups and sign-ins do not each spend ~150 ms hashing. Stored hashes carry their cost.
   */
  FACT_TEST_SCRYPT_LOG2_N: z.coerce.number().int().min(10, 'FACT_TEST_SCRYPT_LOG2_N must be 10 to 15').max(15, 'FACT_TEST_SCRYPT_LOG2_N must be 10 to 15').optional(),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && env.FACT_TEST_MODE === '1') {
    throw new ConfigError('Invalid configuration:\n  FACT_TEST_MODE: must not be set in production');
  }
  if (env.NODE_ENV === 'production' && env.CALENDAR_FETCH_ALLOW_INSECURE === '1') {
    throw new ConfigError('Invalid configuration:\n  CALENDAR_FETCH_ALLOW_INSECURE: must not be set in production');
  }
  if (env.FACT_TEST_SCRYPT_LOG2_N !== undefined && env.FACT_TEST_MODE !== '1') {
    throw new ConfigError('Invalid configuration:\n  FACT_TEST_SCRYPT_LOG2_N: only with FACT_TEST_MODE=1');
  }
  if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SESSION_SECRET) {
    // The embedded default keeps a generated secret under DATA_DIR; a real deployment must set one.
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required with DATABASE_URL in production');
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY / STRIPE_PUBLISHABLE_KEY: set both or neither');
  }
  return env;
}
