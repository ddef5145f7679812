/**
 * Vitest global setup (browser tests): compiles scripts/start.ts, the server `npm start` runs,
 * once per run into one file each browser file's server starts from with plain `node` (~1 s to
 * ready instead of ~3 s through tsx; node-bundle.ts). landing.test.ts keeps starting it exactly as
 * `npm start` does, through tsx.
 */
import { bundleFile, bundleForNode } from './node-bundle';

export const SERVER_BUNDLE = bundleFile('fact-server', 'start.mjs');

export default async function setup(): Promise<void> {
  await bundleForNode('scripts/start.ts', SERVER_BUNDLE);
}
