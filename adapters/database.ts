import path from 'node:path';
import type { Env } from './config/env';
import { startEmbeddedPostgres } from './persistence/embedded-postgres';
import type { Logger } from './logging/logger';

export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
}

/** DATABASE_URL wins; otherwise an embedded PostgreSQL owned by the app under DATA_DIR. */
export async function resolveDatabase(env: Env, logger: Logger): Promise<DatabaseHandle> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, embedded: false, stop: async () => {} };
  const dir = path.resolve(env.DATA_DIR, 'postgres');
  logger.info({ dir, port: env.EMBEDDED_PG_PORT }, 'starting embedded PostgreSQL');
  const db = await startEmbeddedPostgres({
    dir,
    port: env.EMBEDDED_PG_PORT,
    onLog: (line) => logger.debug({ pg: line.trim() }, 'postgres'),
  });
  const url = db.url('postgres');
  const { default: pg } = await import('pg');
  const client = new pg.Client(url);
  await client.connect();
  try {
    const exists = await client.query(`select 1 from pg_database where datname = 'fact'`);
    if (exists.rowCount === 0) await client.query('create database fact');
  } finally {
    await client.end();
  }
  return { url: db.url('fact'), embedded: true, stop: db.stop };
}
