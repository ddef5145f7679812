import { spawn } from 'node:child_process';
import path from 'node:path';
import { CLI_BUNDLE } from './global-cli';

const root = path.resolve(import.meta.dirname, '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  json: <T = unknown>() => T;
}

/**
 * Runs the `fact` CLI against a database: cli/index.ts, compiled once per run by global-cli.ts.
 * A null `databaseUrl` runs it with no DATABASE_URL, on the embedded database `env` points to.
 */
export function runCli(databaseUrl: string | null, args: readonly string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', OUTBOX_WORKER: 'off', ...options.env };
  if (databaseUrl === null) delete env.DATABASE_URL;
  else env.DATABASE_URL = databaseUrl;
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/node'), [CLI_BUNDLE, ...args], {
      cwd: root,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr, json: <T>() => JSON.parse(stdout) as T }));
    child.stdin.end(options.input ?? '');
  });
}
