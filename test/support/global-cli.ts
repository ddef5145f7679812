/**
 * Vitest global setup (integration): compiles the `fact` CLI once per run into one file that the
 * CLI tests spawn (node-bundle.ts says why). reconcile.test.ts keeps spawning it through tsx, as
 * the README's `npm run fact` does.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { bundleForNode, ROOT } from './node-bundle';

/** One bundle per checkout: several checkouts may share one node_modules, each testing its own code. */
export const CLI_BUNDLE = path.join(ROOT, 'node_modules/.cache/fact-cli', createHash('sha256').update(ROOT).digest('hex').slice(0, 12), 'fact.mjs');

export default async function setup(): Promise<void> {
  await bundleForNode('cli/index.ts', CLI_BUNDLE);
}
