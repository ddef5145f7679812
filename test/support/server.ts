import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './database';
import { freePort } from './free-port';
import { SERVER_BUNDLE } from './global-server';
import { TEST_HASH_COST } from './test-env';

export interface TestServer {
  baseUrl: string;
  db: TestDatabase;
  /** What the server printed, for diagnosing a failed test. */
  output: () => string;
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * How the server is started: from the bundle of scripts/start.ts compiled for this run
 * (global-server.ts), or through tsx exactly as `npm start` runs it.
 */
export type Launch = 'bundle' | 'npm-start';

/** Starts the production server (real build, real PostgreSQL) on a free port for one test file. */
export async function startTestServer(extraEnv: Record<string, string> = {}, launch: Launch = 'bundle'): Promise<TestServer & { stop: () => Promise<void> }> {
  const db = await createTestDatabase();
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(path.join(root, 'node_modules/.bin/node'), launch === 'bundle' ? [SERVER_BUNDLE] : ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATABASE_URL: db.url,
      APP_URL: `http://localhost:${port}`,
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-12345',
      FACT_TEST_MODE: '1',
      ...TEST_HASH_COST,
      DEMO_SEED: 'never',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    db,
    output: () => output,
    stop: async () => {
      // No graceful drain: it waits a second for requests in flight (SHUTDOWN_GRACE_MS), and a
      // finished test file has none. The reliability scripts test the graceful stop.
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      await db.drop();
    },
  };
}

/** beforeAll/afterAll wrapper for a test file. */
export function useTestServer(extraEnv: Record<string, string> = {}, launch: Launch = 'bundle'): TestServer {
  const holder = {} as TestServer & { stop?: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(holder, await startTestServer(extraEnv, launch));
  });
  afterAll(async () => {
    await holder.stop?.();
  });
  return holder;
}
