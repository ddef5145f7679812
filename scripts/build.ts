/**
 * The production build, as `npm run build`, `npm start`, the tests and the bench make it: remix's
 * build with NODE_ENV=production (a test runner's 'test' would bundle React's development code),
 * then the framework files marked for eager compilation (compile-hints.ts, decision 026).
 *
 *   node --import tsx scripts/build.ts
 */
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addCompileHints } from './compile-hints';

const PROJECT = path.resolve(import.meta.dirname, '..');

/** Builds the app in `root` (a checkout or a snapshot of one); throws with remix's output when it fails. */
export function buildProduction(root: string): void {
  const build = spawnSync(process.execPath, [path.join(PROJECT, 'node_modules/@remix-run/dev/dist/cli.js'), 'build'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`remix build failed:\n${build.stdout}\n${build.stderr}`);
  const files = addCompileHints(root);
  if (files.length === 0) throw new Error('the browser manifest names no entry files');
}

// Run as a script (real paths on both sides: a symlinked checkout must not skip the build silently).
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  buildProduction(process.cwd());
  console.log('built: remix, then the framework files marked for eager compilation');
}
