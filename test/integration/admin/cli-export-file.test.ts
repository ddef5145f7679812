import { lstatSync, mkdtempSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertUser } from '../../support/admin-fixtures';
import { runCli } from '../../support/cli';
import { createTestDatabase, type TestDatabase } from '../../support/database';

/** `fact users export --out`: the file holds a person's data, so only the operator may read it. */
vi.setConfig({ testTimeout: 120_000 });
let db: TestDatabase;
let folder: string;
const exportTo = (out: string, ...more: string[]) => runCli(db.url, ['users', 'export', 'pat@example.test', '--as', 'root@fact.test', '--out', out, ...more]);
const mode = (file: string) => statSync(file).mode & 0o777;
const exports = async () => (await db.query<{ n: number }>(`select count(*)::int as n from audit_log where action = 'user.export'`))[0]!.n;

beforeAll(async () => {
  db = await createTestDatabase();
  await insertUser(db, { email: 'root@fact.test', fullName: 'Rita Root', role: 'admin', userType: 'user' });
  await insertUser(db, { email: 'pat@example.test', fullName: 'Pat Player' });
  folder = mkdtempSync(path.join(tmpdir(), 'fact-export-file-'));
}, 60_000);
afterAll(async () => db?.drop());

describe('fact users export --out', () => {
  it('refuses an existing file without --force and leaves it as it was, before taking the export', async () => {
    const out = path.join(folder, 'existing.json');
    writeFileSync(out, 'keep me', { mode: 0o644 });
    const before = await exports();
    const run = await exportTo(out);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('already exists');
    expect(run.stderr).toContain('--force');
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    expect(await exports()).toBe(before);
  });

  it('writes a new file, or with --force replaces an existing world-readable one, readable by its owner only', async () => {
    const fresh = path.join(folder, 'new.json');
    const replaced = path.join(folder, 'replaced.json');
    writeFileSync(replaced, 'old', { mode: 0o644 });
    for (const run of [await exportTo(fresh), await exportTo(replaced, '--force')]) expect(run).toMatchObject({ code: 0, stderr: '' });
    for (const out of [fresh, replaced]) {
      expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ format: 'fact-export' });
      expect(mode(out)).toBe(0o600);
    }
    expect(readdirSync(folder).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a symbolic link at the path, even with --force, and writes nothing to its target', async () => {
    const target = path.join(folder, 'target.json');
    writeFileSync(target, 'the target', { mode: 0o644 });
    const out = path.join(folder, 'link.json');
    symlinkSync(target, out);
    const dangling = path.join(folder, 'dangling.json');
    symlinkSync(path.join(folder, 'nowhere.json'), dangling);
    for (const run of [await exportTo(out), await exportTo(out, '--force'), await exportTo(dangling)]) {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('symbolic link');
    }
    expect(readFileSync(target, 'utf8')).toBe('the target');
    expect(mode(target)).toBe(0o644);
    expect(lstatSync(out).isSymbolicLink()).toBe(true);
    expect(readlinkSync(out)).toBe(target);
    expect(readdirSync(folder)).not.toContain('nowhere.json');
  });

  it('refuses a folder that does not exist with a usage error', async () => {
    const run = await exportTo(path.join(folder, 'no-such-folder', 'x.json'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('does not exist');
  });
});
