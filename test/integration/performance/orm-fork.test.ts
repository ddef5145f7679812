import { Configuration } from '@mikro-orm/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../support/app';

/**
 * scripts/patches/@mikro-orm+core: every request forks one or more EntityManagers, and each fork
 * sets `allowGlobalContext` on and off. Unpatched, each set re-ran Configuration.sync(), which
 * writes process.env (a setenv call into the C library) and resets the logger: ~1 % of a booking POST.
 */
const ctx = useTestApp();

describe('forking an EntityManager', () => {
  afterEach(() => vi.restoreAllMocks());

  it('does not re-sync the configuration (no process.env write) for the allowGlobalContext toggle', () => {
    const sync = vi.spyOn(Configuration.prototype, 'sync');
    const fork = ctx.app.orm.em.fork();
    expect(fork).not.toBe(ctx.app.orm.em);
    expect(sync).not.toHaveBeenCalled();
    // Other options still sync as before.
    ctx.app.orm.config.set('debug', false);
    expect(sync).toHaveBeenCalledTimes(1);
  });
});
