import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { addCompileHints } from '../../scripts/compile-hints';

/** Browser tests run against the production build, as `npm run build` makes it: built once per run (skip with FACT_SKIP_BUILD=1). */
export default function setup() {
  if (process.env.FACT_SKIP_BUILD === '1') return;
  const root = path.resolve(import.meta.dirname, '../..');
  // Production, as `npm run build`: vitest sets NODE_ENV=test, and remix would then bundle React's development code.
  execFileSync(path.join(root, 'node_modules/.bin/remix'), ['build'], { cwd: root, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
  addCompileHints(root);
}
