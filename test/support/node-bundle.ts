import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Where a bundle of this checkout goes: under node_modules (so packages resolve), in a folder of
 * its own per checkout, because git worktrees may share one node_modules and one checkout's run
 * must never spawn another's code.
 */
export function bundleFile(tool: string, file: string): string {
  const checkout = createHash('sha256').update(ROOT).digest('hex').slice(0, 12);
  return path.join(ROOT, 'node_modules/.cache', tool, checkout, file);
}

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
