import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Browser tests run against the production build: build it once per run (skip with FACT_SKIP_BUILD=1). */
export default function setup() {
  if (process.env.FACT_SKIP_BUILD === '1') return;
  const root = path.resolve(import.meta.dirname, '../..');
  execFileSync(path.join(root, 'node_modules/.bin/remix'), ['build'], { cwd: root, stdio: 'ignore' });
}
