/**
 * Vitest global setup (integration): compiles the `fact` CLI once per run, from the same sources
 * and with the same compiler tsx uses (esbuild), into one file that the CLI tests spawn. Spawning
 * `node --import tsx cli/index.ts` resolves and loads ~600 modules through tsx's loader thread on
 * every run, ~2 s apiece on this 2-core machine; the bundle starts in ~1 s. Packages stay external,
 * so the same node_modules are loaded, and the bundle sits under node_modules so they resolve.
 */
import { build } from 'esbuild';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const CLI_BUNDLE = path.join(root, 'node_modules/.cache/fact-cli/fact.mjs');

export default async function setup(): Promise<void> {
  await build({
    entryPoints: [path.join(root, 'cli/index.ts')],
    outfile: CLI_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    // Our package.json's "sideEffects" is for the browser build; keep every module the CLI imports.
    ignoreAnnotations: true,
    logLevel: 'warning',
  });
}
