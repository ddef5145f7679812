import { describe, expect, it } from 'vitest';
import { createSearchTotals } from './coach-search';

describe('search totals memory', () => {
  it('answers a total until its time is up, then forgets it', () => {
    const totals = createSearchTotals({ ttlMs: 1_000 });
    totals.set('q=alex', 42, 10_000);
    expect(totals.get('q=alex', 10_999)).toBe(42);
    expect(totals.get('q=alex', 11_000)).toBeUndefined();
    expect(totals.get('q=sam', 10_000)).toBeUndefined();
  });

  it('keeps at most maxKeys totals, dropping the oldest', () => {
    const totals = createSearchTotals({ ttlMs: 60_000, maxKeys: 2 });
    totals.set('a', 1, 0);
    totals.set('b', 2, 0);
    totals.set('c', 3, 0);
    expect([totals.get('a', 1), totals.get('b', 1), totals.get('c', 1)]).toEqual([undefined, 2, 3]);
  });
});
