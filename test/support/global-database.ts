/**
 * Vitest global setup: one PostgreSQL server for the run and a migrated template database.
 * Order (ARCHITECTURE "Database"): TEST_DATABASE_URL; a testcontainers PostgreSQL where a Docker
 * engine is reachable; otherwise a throwaway embedded PostgreSQL.
 */
import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../adapters/persistence/embedded-postgres';
import { openOrm, migrate } from '../../adapters/persistence/orm';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

function dockerReachable(): boolean {
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: async () => {} };
  if (dockerReachable()) {
    try {
      const { GenericContainer, Wait } = await import('testcontainers');
      const container = await new GenericContainer('postgres:17-alpine')
        .withEnvironment({ POSTGRES_USER: 'fact', POSTGRES_PASSWORD: 'fact', POSTGRES_DB: 'postgres' })
        .withExposedPorts(5432)
        .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
        .start();
      const url = `postgres://fact:fact@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
      return { url, stop: async () => void (await container.stop()) };
    } catch {
      // No usable engine behind the socket: fall through to the embedded server.
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'fact-test-pg-'));
  const db = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), port: await freePort(), ephemeral: true });
  return {
    url: db.url('postgres'),
    stop: async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  // One per setup: `npm test` runs two vitest processes at once, which may share TEST_DATABASE_URL's server.
  const template = `fact_template_${randomBytes(4).toString('hex')}`;
  const server = await startServer();
  const admin = new pg.Client(server.url);
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  await admin.end();
  const orm = await openOrm(withDatabase(server.url, template), { poolMax: 2 });
  await migrate(orm);
  await orm.close();
  project.provide('adminDatabaseUrl', server.url);
  project.provide('templateDatabase', template);
  return async () => {
    // A shared server (TEST_DATABASE_URL) keeps no template behind; the test databases drop themselves.
    const cleanup = new pg.Client(server.url);
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${template} with (force)`).finally(() => cleanup.end());
    await server.stop();
  };
}
