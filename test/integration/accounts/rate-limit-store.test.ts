import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../support/app';

describe('the PostgreSQL rate-limit store', () => {
  const ctx = useTestApp();
  const now = new Date('2026-11-22T10:00:00Z');
  const windowMs = 15 * 60_000;

  it('counts concurrent hits atomically, each one once', async () => {
    const store = ctx.app.deps().rateLimits;
    const hits = await Promise.all(Array.from({ length: 40 }, () => store.hit('test:parallel', windowMs, now)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(hits.map((h) => h.resetAt.toISOString()))).toEqual(new Set([new Date(now.getTime() + windowMs).toISOString()]));
    expect(await store.current('test:parallel', now)).toMatchObject({ count: 40 });
  });

  it('starts a new window once the old one has ended', async () => {
    const store = ctx.app.deps().rateLimits;
    await store.hit('test:window', windowMs, now);
    await store.hit('test:window', windowMs, now);
    const later = new Date(now.getTime() + windowMs);
    expect(await store.current('test:window', later)).toBeNull();
    const fresh = await store.hit('test:window', windowMs, later);
    expect(fresh.count).toBe(1);
    expect(fresh.resetAt.getTime()).toBe(later.getTime() + windowMs);
  });
});
