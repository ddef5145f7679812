import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export interface TestDatabase {
  url: string;
  name: string;
  /** A pg client for assertions straight against the tables. */
  query: <R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<R[]>;
  drop: () => Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A fresh database cloned from the migrated template: isolated per test file, ready in milliseconds. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `fact_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  return {
    url,
    name,
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    drop: async () => {
      await pool.end();
      const c = new pg.Client(adminUrl);
      await c.connect();
      try {
        // pg-pool's end() (ours, the app's) resolves before its clients' sockets close. Dropping
        // with FORCE terminates whatever is still connected, and a client already ending has no
        // error listener left: the termination became an unhandled error that failed a CI run.
        // Connections still closing get up to a second to leave on their own first.
        for (let wait = 0; wait < 50; wait += 1) {
          const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if ((rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
