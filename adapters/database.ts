import path from 'node:path';
import type { Env } from './config/env';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from './persistence/embedded-postgres';
import type { Logger } from './logging/logger';

export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
}

/**
 * DATABASE_URL wins; otherwise an embedded PostgreSQL owned by the app under DATA_DIR.
 * With `useRunning` (the ops CLI), the embedded server already running for DATA_DIR (the web
 * server's) is used and left running; only a server this call started is stopped by `stop`.
 */
export async function resolveDatabase(env: Env, logger: Logger, options: { useRunning?: boolean } = {}): Promise<DatabaseHandle> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, embedded: false, stop: async () => {} };
  const dir = path.resolve(env.DATA_DIR, 'postgres');
  const running = options.useRunning ? await runningEmbeddedPostgres(dir) : undefined;
  let db: { url: (database?: string) => string; stop: () => Promise<void> };
  if (running) {
    logger.info({ dir, port: running.port, pid: running.pid }, 'using the embedded PostgreSQL already running');
    db = { url: running.url, stop: async () => {} };
  } else {
    logger.info({ dir, port: env.EMBEDDED_PG_PORT }, 'starting embedded PostgreSQL');
    db = await startEmbeddedPostgres({
      dir,
      port: env.EMBEDDED_PG_PORT,
      onLog: (line) => logger.debug({ pg: line.trim() }, 'postgres'),
    });
  }
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client(db.url('postgres'));
    await client.connect();
    try {
      const exists = await client.query(`select 1 from pg_database where datname = 'fact'`);
      if (exists.rowCount === 0) await client.query('create database fact');
    } finally {
      await client.end();
    }
  } catch (error) {
    await db.stop().catch(() => {});
    throw error;
  }
  return { url: db.url('fact'), embedded: true, stop: db.stop };
}
