import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT } from './compile-hints';

/** A build as remix writes it: the server names the browser manifest, which names the entry's files. */
function fakeBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
  mkdirSync(path.join(root, 'build'));
  mkdirSync(path.join(root, 'public', 'build', '_shared'), { recursive: true });
  writeFileSync(path.join(root, 'build', 'index.js'), 'var assets = { url: "/build/manifest-AB12CD34.js" };');
  const manifest = { entry: { module: '/build/entry.client-X.js', imports: ['/build/_shared/chunk-A.js'] }, routes: { root: { module: '/build/root-Y.js' } } };
  writeFileSync(path.join(root, 'public', 'build', 'manifest-AB12CD34.js'), `window.__remixManifest=${JSON.stringify(manifest)};`);
  writeFileSync(path.join(root, 'public', 'build', 'entry.client-X.js'), 'import "./_shared/chunk-A.js";');
  writeFileSync(path.join(root, 'public', 'build', '_shared', 'chunk-A.js'), 'export function a(){return 1}');
  writeFileSync(path.join(root, 'public', 'build', '_shared', 'chunk-A.js.map'), JSON.stringify({ version: 3, sources: ['a.ts'], names: [], mappings: 'AAAA' }));
  writeFileSync(path.join(root, 'public', 'build', 'root-Y.js'), 'export default function R(){}');
  return root;
}

describe('compile hints on the framework files', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const read = (url: string) => readFileSync(path.join(root, 'public', url), 'utf8');

  it("puts V8's hint first in the entry and its imports, once however often it runs, and leaves route chunks lazy", () => {
    root = fakeBuild();
    expect(addCompileHints(root)).toEqual(['/build/entry.client-X.js', '/build/_shared/chunk-A.js']);
    addCompileHints(root);
    expect(read('/build/entry.client-X.js')).toBe(`${COMPILE_HINT}import "./_shared/chunk-A.js";`);
    expect(read('/build/_shared/chunk-A.js')).toBe(`${COMPILE_HINT}export function a(){return 1}`);
    expect(read('/build/root-Y.js')).toBe('export default function R(){}');
  });

  it('moves the source map down the one line the hint takes', () => {
    root = fakeBuild();
    addCompileHints(root);
    addCompileHints(root);
    expect(JSON.parse(read('/build/_shared/chunk-A.js.map')).mappings).toBe(';AAAA');
  });

  it('refuses a tree that was not built', () => {
    root = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
    expect(() => addCompileHints(root)).toThrow(/index\.js/);
  });
});
