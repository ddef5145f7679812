import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { loadEnv } from '../../../adapters/config/env';
import { resolveDatabase, type DatabaseHandle } from '../../../adapters/database';
import { createLogger } from '../../../adapters/logging/logger';
import { migrationsList } from '../../../migrations/index';
import { runCli } from '../../support/cli';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { freePort } from '../../support/free-port';
import pkg from '../../../package.json';

/** The ops CLI and the database it finds: a new one, one behind on migrations, the embedded one a server holds. */
vi.setConfig({ testTimeout: 180_000 });

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

describe('fact --version', () => {
  it('prints the version of FACT and exits 0', async () => {
    const run = await runCli('postgres://nobody@127.0.0.1:1/none', ['--version']);
    expect(run).toMatchObject({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });
});

describe('a database without its migrations', () => {
  const admin = () => new pg.Client(inject('adminDatabaseUrl'));
  const empty = `fact_empty_${randomBytes(6).toString('hex')}`;
  let emptyUrl: string;
  let behind: TestDatabase;

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`create database ${empty}`);
    await c.end();
    const u = new URL(inject('adminDatabaseUrl'));
    u.pathname = `/${empty}`;
    emptyUrl = u.toString();
    behind = await createTestDatabase();
    await behind.query(`delete from mikro_orm_migrations where name = $1`, [migrationsList.at(-1)!.name]);
  }, 60_000);
  afterAll(async () => {
    await behind?.drop();
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${empty} with (force)`).finally(() => c.end());
  });

  it('tells every command on a new database to run fact db migrate first, with the usage exit code', async () => {
    const runs = await Promise.all([
      runCli(emptyUrl, ['admin', 'create', '--email', 'root@fact.test', '--name', 'Rita Root', '--password-stdin'], { input: 'a long admin password\n' }),
      runCli(emptyUrl, ['users', 'list']),
      runCli(emptyUrl, ['diagnose']),
    ]);
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(run.stderr).toBe('The database has no FACT tables yet: run `fact db migrate` first.\n');
    }
    // The check only reads: the new database is left as it was.
    const c = new pg.Client(emptyUrl);
    await c.connect();
    const { rows } = await c.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`).finally(() => c.end());
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('names the migrations a database lacks, and runs commands once fact db migrate has applied them', async () => {
    const last = migrationsList.at(-1)!.name;
    const refused = await runCli(behind.url, ['users', 'list']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`The database is missing 1 migration (${last}): run \`fact db migrate\` first.\n`);
    const migrated = await runCli(emptyUrl, ['db', 'migrate']);
    expect(migrated.code).toBe(0);
    const created = await runCli(emptyUrl, ['admin', 'create', '--email', 'root@fact.test', '--name', 'Rita Root', '--password-stdin'], { input: 'a long admin password\n' });
    expect(created).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('the embedded database (no DATABASE_URL)', () => {
  let dataDir: string;
  let server: DatabaseHandle | undefined;
  const pidFile = () => path.join(dataDir, 'postgres', 'postmaster.pid');

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fact-cli-embedded-'));
    // As the web server starts it (adapters/boot.ts): resolveDatabase with DATA_DIR and no DATABASE_URL.
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'silent' });
    server = await resolveDatabase(env, createLogger({ level: 'silent', pretty: false }));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Another port than the server's: the CLI must find the server's own in its postmaster.pid.
  const fact = async (...args: string[]) => runCli(null, args, { env: { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) } });

  it('uses the embedded database a running server holds and leaves it running, and starts and stops its own when none runs', async () => {
    expect(await fact('db', 'migrate')).toMatchObject({ code: 0, stderr: '' });
    const diagnosed = await fact('diagnose', '--json');
    expect(diagnosed).toMatchObject({ code: 0, stderr: '' });
    expect(diagnosed.json()).toMatchObject({ healthy: true, counts: { users: 0 } });
    expect(await answers(server!.url)).toBe(true);
    expect(existsSync(pidFile())).toBe(true);

    await server!.stop();
    server = undefined;
    expect(existsSync(pidFile())).toBe(false);
    const listed = await fact('users', 'list', '--json');
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(listed.json()).toMatchObject({ items: [] });
    expect(existsSync(pidFile())).toBe(false);
  });
});
