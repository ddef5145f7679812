import { build } from 'esbuild';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Compiles one of FACT's entry points into a single ESM file, with the compiler tsx uses
 * (esbuild), for the tests to spawn with plain `node`: tsx resolves and transforms each of ~600
 * modules through its loader thread on every start, ~1–2 s apiece on this 2-core machine.
 * Packages stay external, so the same node_modules are loaded; the file sits under node_modules so
 * they resolve. `import.meta.dirname` is the entry's own folder, as it would be unbundled.
 */
export async function bundleForNode(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [path.join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    // Our package.json's "sideEffects" is for the browser build; keep every module the entry imports.
    ignoreAnnotations: true,
    define: { 'import.meta.dirname': JSON.stringify(path.dirname(path.join(ROOT, entry))) },
    logLevel: 'warning',
  });
}
