import { nextWindow } from './fixed-window';
import type { RateLimitClearer } from './rate-limit-clearer';
import type { RateLimitHit, RateLimitStore } from './rate-limit-store';

/** A RateLimitStore in one process's memory: for unit tests and single-process tools only. */
export function createInMemoryRateLimitStore(): RateLimitStore & RateLimitClearer & { windows: ReadonlyMap<string, RateLimitHit> } {
  const windows = new Map<string, RateLimitHit>();
  return {
    windows,
    async clear(key) {
      windows.delete(key);
    },
    async hit(key, windowMs, now) {
      const next = nextWindow(windows.get(key), windowMs, now);
      windows.set(key, next);
      return next;
    },
  };
}
