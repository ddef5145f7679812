import { boot, type Booted } from '../adapters/boot';
import { loadEnv } from '../adapters/config/env';
import { createLogger } from '../adapters/logging/logger';
import { pendingMigrations } from '../adapters/persistence/orm';
import { migrationsList } from '../migrations/index';
import { UsageError } from './program';

/**
 * Runs a command body with the application booted (quiet logs) and always shuts it down.
 * On the embedded database it uses the PostgreSQL a running server already holds for DATA_DIR.
 * Every command but `db migrate` (`schema: 'any'`) first needs every migration applied, so a new
 * database answers with what to do instead of a missing table.
 */
export async function withApp<T>(body: (booted: Booted) => Promise<T>, options: { migrate?: boolean; schema?: 'current' | 'any' } = {}): Promise<T> {
  const env = loadEnv();
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn', pretty: false });
  const booted = await boot({ migrate: options.migrate ?? false, env, logger, useRunningDatabase: true });
  try {
    if (!options.migrate && options.schema !== 'any') await requireCurrentSchema(booted);
    return await body(booted);
  } finally {
    await booted.shutdown();
  }
}

async function requireCurrentSchema({ app }: Booted): Promise<void> {
  const pending = await pendingMigrations(app.orm);
  if (pending.length === 0) return;
  throw new UsageError(
    pending.length === migrationsList.length
      ? 'The database has no FACT tables yet: run `fact db migrate` first.'
      : `The database is missing ${pending.length} migration${pending.length === 1 ? '' : 's'} (${pending.join(', ')}): run \`fact db migrate\` first.`,
  );
}
