import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { installGlobals, type ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll } from 'vitest';
import { createApplication, type Application } from '../../adapters/composition-root';
import { loadEnv, type Env } from '../../adapters/config/env';
import { createLogger } from '../../adapters/logging/logger';
import { createHttpServer } from '../../adapters/http/server';
import { mountServerRoutes } from '../../adapters/http/server-routes';
import { remixContext } from './booking-flow';
import { sessionStorageFor } from '../../app/auth/session.server';
import { createTestDatabase, type TestDatabase } from './database';
import { TEST_HASH_COST } from './test-env';
import { buildProduction } from '../../scripts/build';

/**
 * The production HTTP stack (express middleware, server routes and the Remix build) in the test
 * process, on a free loopback port and its own database. Unlike useTestServer it lets a test read
 * every log line (`logs()`), use `app` directly, and start in well under a second.
 *
 *   const http = useHttpApp();
 *   const res = await fetch(`${http.baseUrl}/auth/login`, { method: 'POST', headers: sameOrigin(http.baseUrl), body });
 */
export interface HttpApp {
  baseUrl: string;
  app: Application;
  db: TestDatabase;
  /** Every structured log line written so far (parsed JSON). */
  logs: () => Record<string, unknown>[];
  /** The raw log text, for grepping for secrets. */
  rawLogs: () => string;
  clearLogs: () => void;
  /** A signed-in cookie (`fact_session=…` or `__Host-fact_session=…`) for a user id. */
  cookieFor: (userId: string) => Promise<string>;
}

const root = path.resolve(import.meta.dirname, '../..');
const buildFile = path.join(root, 'build', 'index.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (/\.(tsx?|css)$/.test(entry.name) && !entry.name.includes('.test.')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The Remix server build, (re)built when missing or older than the code it bundles (integration
 * runs do not build otherwise). Test files building at once take turns through a lock directory.
 */
export async function loadBuild(): Promise<ServerBuild> {
  const stale = () => !existsSync(buildFile) || statSync(buildFile).mtimeMs < Math.max(...['app', 'domain', 'adapters'].map((d) => newestSource(path.join(root, d))));
  // `npm test` builds once before the run (FACT_SKIP_BUILD=1): rebuilding mid-run would swap the
  // assets under the browser tests' feet.
  if (process.env.FACT_SKIP_BUILD !== '1' && stale()) {
    const lock = path.join(root, '.cache', 'remix-build.lock');
    mkdirSync(path.dirname(lock), { recursive: true });
    const deadline = Date.now() + 120_000;
    for (;;) {
      try {
        mkdirSync(lock);
        break;
      } catch {
        if (Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    try {
      // A production build whatever the test runner's NODE_ENV ('test' would bundle React's dev JSX runtime).
      if (stale()) buildProduction(root);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return (await import(/* @vite-ignore */ `${pathToFileURL(buildFile).href}?t=${statSync(buildFile).mtimeMs}`)) as ServerBuild;
}

/** Headers of a same-origin browser request: what a page of the site sends with a form. */
export function sameOrigin(baseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return { Origin: new URL(baseUrl).origin, ...extra };
}

export async function startHttpApp(
  envOverrides: Record<string, string> = {},
  options: { db?: TestDatabase; /** What the server is handed for the Remix build (a test of how it is handed). */ build?: (build: ServerBuild) => ServerBuild | (() => Promise<ServerBuild>) } = {},
): Promise<HttpApp & { close: () => Promise<void> }> {
  installGlobals({ nativeFetch: true });
  const db = options.db ?? (await createTestDatabase());
  let raw = '';
  const sink = {
    write(line: string) {
      raw += line;
    },
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fact-http-'));
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    FACT_TEST_MODE: '1',
    ...TEST_HASH_COST,
    DATABASE_URL: db.url,
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    OUTBOX_WORKER: 'off',
    ...envOverrides,
  });
  // The application's own logger (its redaction paths), writing into the sink instead of stdout.
  const logger = createLogger({ level: 'info', pretty: false, destination: sink });
  const app = await createApplication({ env, logger, databaseUrl: db.url, sessionSecret: 'http-app-secret-http-app-secret-0123' });
  const loaded = await loadBuild();
  const build = options.build ? options.build(loaded) : loaded;
  const express = createHttpServer({ app, publicDir: path.join(root, 'public'), build, mount: (server) => mountServerRoutes(server, app) });
  const server: Server = await new Promise((resolve) => {
    const s = express.listen(0, '127.0.0.1', () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://localhost:${port}`;
  return {
    baseUrl,
    app,
    db,
    logs: () =>
      raw
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    rawLogs: () => raw,
    clearLogs: () => {
      raw = '';
    },
    cookieFor: (userId) => signedInCookie(app, db, userId),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      if (!options.db) await db.drop();
    },
  };
}

/** The cookie a sign-in would give `userId` now (their current session version). */
export async function signedInCookie(app: Application, db: TestDatabase, userId: string): Promise<string> {
  const [row] = await db.query<{ session_version: number }>('select session_version from users where id = $1', [userId]);
  const storage = sessionStorageFor(remixContext(app));
  const session = await storage.getSession();
  session.set('userId', userId);
  session.set('sessionVersion', row?.session_version ?? 0);
  session.set('issuedAt', app.clock.now().getTime());
  return (await storage.commitSession(session)).split(';')[0]!;
}

/** beforeAll/afterAll wrapper for a test file. */
export function useHttpApp(envOverrides: Record<string, string> = {}): HttpApp {
  const holder = {} as HttpApp & { close?: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(holder, await startHttpApp(envOverrides));
  }, 60_000);
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}
