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
 * Run after `remix build`. A second run changes nothing. A file's name is its content's hash from
 * before the hint, and the hint is the same every time, so a name still means one content, and
 * the year-long immutable caching of /build stays right.
 *
 *   node --import tsx scripts/compile-hints.ts [root]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

interface BrowserManifest {
  entry: { module: string; imports?: string[] };
}

/** The browser manifest the server build names (public/build/manifest-<hash>.js). */
function browserManifest(root: string): BrowserManifest {
  const server = readFileSync(path.join(root, 'build', 'index.js'), 'utf8');
  const name = /manifest-[A-Z0-9]+\.js/.exec(server)?.[0];
  if (!name) throw new Error(`no browser manifest named in ${path.join(root, 'build', 'index.js')}: run remix build first`);
  const text = readFileSync(path.join(root, 'public', 'build', name), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as BrowserManifest;
}

/** Prepends the hint to the entry's files (and one empty line to their source maps); returns their URLs. */
export function addCompileHints(root: string): string[] {
  const { entry } = browserManifest(root);
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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? '.');
  const files = addCompileHints(root);
  console.log(`compile hints: ${files.length} framework files marked for eager compilation`);
}
