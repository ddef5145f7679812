/**
 * The production build for the tests and the bench: `remix build` with NODE_ENV=production, since
 * a test runner's NODE_ENV=test would bundle React's development code.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const PROJECT = path.resolve(import.meta.dirname, '..');

/** Builds the app in `root` (a checkout or a snapshot of one); throws with remix's output when it fails. */
export function buildProduction(root: string): void {
  const build = spawnSync(process.execPath, [path.join(PROJECT, 'node_modules/@remix-run/dev/dist/cli.js'), 'build'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`remix build failed:\n${build.stdout}\n${build.stderr}`);
}
