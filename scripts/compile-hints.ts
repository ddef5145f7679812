/**
 * Marks the browser build's framework files for eager compilation (issue 20 §4, decision 026).
 *
 * V8 compiles a script's functions lazily, on the main thread, the first time each one runs. The
 * first filter change or dialog on a page ran React's update paths and the router's navigation for
 * the first time, and paid for their compilation inside the interaction. A script starting with
 * `//# allFunctionsCalledOnLoad` (V8's explicit compile hint, Chrome 136+) has all its functions
 * compiled on the background thread that streams it, while the page loads. Other browsers read a
 * comment.
 *
 * Only the files every page loads at start (the entry and its imports: React, the router, Remix)
 * get the hint. Route and dialog chunks stay lazy: most of their functions are not needed at once.
 * Run after `remix build` by scripts/build.ts (`npm run build`). A second run changes nothing. A file's name is
 * its content's hash from before the hint; as long as every build runs this step, a name means one
 * content, and /build's year-long immutable caching stays right (a plain `remix build` serves the
 * same names without the comment: the same code).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readManifest } from './browser-manifest';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Prepends the hint to the entry's files (and one empty line to their source maps); returns their URLs. */
export function addCompileHints(root: string): string[] {
  const { entry } = readManifest(root);
  const files = [entry.module, ...(entry.imports ?? [])];
  for (const url of files) {
    const file = path.join(root, 'public', url);
    const code = readFileSync(file, 'utf8');
    if (code.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + code);
    // The code moved down one line: a leading ';' in the mappings is one generated line with none.
    const mapFile = `${file}.map`;
    if (existsSync(mapFile)) {
      const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings: string };
      writeFileSync(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
    }
  }
  return files;
}
