import { afterAll, beforeAll } from 'vitest';
import { createApplication, type Application } from '../../adapters/composition-root';
import { loadEnv } from '../../adapters/config/env';
import { createLogger } from '../../adapters/logging/logger';
import { createTestDatabase, type TestDatabase } from './database';
import { TEST_HASH_COST } from './test-env';

export interface TestContext {
  db: TestDatabase;
  app: Application;
}

/**
 * Gives a test file the real application on its own database. Use inside a describe or at the
 * top of a file: `const ctx = useTestApp();` then `ctx.app.deps()` in tests.
 */
export function useTestApp(): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.db = await createTestDatabase();
    const env = loadEnv({ NODE_ENV: 'test', FACT_TEST_MODE: '1', ...TEST_HASH_COST, DATABASE_URL: ctx.db.url, LOG_LEVEL: 'silent' });
    ctx.app = await createApplication({
      env,
      logger: createLogger({ level: 'silent', pretty: false }),
      databaseUrl: ctx.db.url,
      sessionSecret: 'test-secret-test-secret-test-secret-1234',
    });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.db?.drop();
  });
  return ctx;
}
