import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApplication } from '../../adapters/composition-root';
import { loadEnv } from '../../adapters/config/env';
import { createLogger } from '../../adapters/logging/logger';
import { seedWorld, type DemoWorldSummary } from '../../adapters/seed/seed-world';
import type { TestDatabase } from './database';
import { TEST_HASH_COST } from './test-env';

/** Loads the demo world (adapters/seed/seed-world.ts, the real use cases) into a test database. */
export async function seedDemoWorld(db: TestDatabase): Promise<DemoWorldSummary> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fact-demo-'));
  const env = loadEnv({ NODE_ENV: 'test', FACT_TEST_MODE: '1', ...TEST_HASH_COST, DATABASE_URL: db.url, LOG_LEVEL: 'silent', DATA_DIR: dataDir, OUTBOX_WORKER: 'off' });
  const app = await createApplication({
    env,
    logger: createLogger({ level: 'silent', pretty: false }),
    databaseUrl: db.url,
    sessionSecret: 'demo-world-helper-secret-0123456789',
  });
  try {
    return await seedWorld(app);
  } finally {
    await app.close();
  }
}
