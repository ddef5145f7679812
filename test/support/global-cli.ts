/**
 * Vitest global setup (integration): compiles the `fact` CLI once per run into one file that the
 * CLI tests spawn (node-bundle.ts says why). reconcile.test.ts keeps spawning it through tsx, as
 * the README's `npm run fact` does.
 */
import { bundleFile, bundleForNode } from './node-bundle';

export const CLI_BUNDLE = bundleFile('fact-cli', 'fact.mjs');

export default async function setup(): Promise<void> {
  await bundleForNode('cli/index.ts', CLI_BUNDLE);
}
