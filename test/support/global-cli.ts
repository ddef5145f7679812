/**
 * Vitest global setup (integration): compiles the `fact` CLI once per run into one file that the
 * CLI tests spawn (node-bundle.ts says why). reconcile.test.ts keeps spawning it through tsx, as
 * the README's `npm run fact` does.
 */
import path from 'node:path';
import { bundleForNode, ROOT } from './node-bundle';

export const CLI_BUNDLE = path.join(ROOT, 'node_modules/.cache/fact-cli/fact.mjs');

export default async function setup(): Promise<void> {
  await bundleForNode('cli/index.ts', CLI_BUNDLE);
}
