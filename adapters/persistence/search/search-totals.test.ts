import { describe, expect, it } from 'vitest';
import { createSearchTotals } from './search-totals';

/** A count the test finishes by hand, to see who waits for it and how many run. */
function manualCounts() {
  const started: { resolve: (total: number) => void; reject: (error: Error) => void }[] = [];
  const count = () =>
    new Promise<number>((resolve, reject) => {
      started.push({ resolve, reject });
    });
  return { count, started };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('search totals memory', () => {
  it('answers a remembered total without counting again while it is fresh', async () => {
    let clock = 10_000;
    const totals = createSearchTotals({ freshMs: 1_000, now: () => clock });
    let counts = 0;
    const count = async () => ++counts * 10;
    expect(await totals.remember('q=alex', count)).toBe(10);
    clock = 10_999;
    expect(await totals.remember('q=alex', count)).toBe(10);
    expect(await totals.remember('q=sam', count)).toBe(20);
    expect(counts).toBe(2);
  });

  it('runs one count for every request asking for the same total at the same moment', async () => {
    const totals = createSearchTotals();
    const { count, started } = manualCounts();
    const answers = Promise.all(Array.from({ length: 50 }, () => totals.remember('all', count)));
    expect(started).toHaveLength(1);
    started[0]!.resolve(20_000);
    expect(new Set(await answers)).toEqual(new Set([20_000]));
  });

  it('answers an expired total at once and refreshes it with one background count', async () => {
    let clock = 0;
    const totals = createSearchTotals({ freshMs: 1_000, staleMs: 10_000, now: () => clock });
    await totals.remember('all', async () => 100);
    clock = 1_500;
    const { count, started } = manualCounts();
    expect(await totals.remember('all', count)).toBe(100);
    expect(await totals.remember('all', count)).toBe(100);
    expect(started).toHaveLength(1);
    started[0]!.resolve(101);
    await settle();
    expect(await totals.remember('all', count)).toBe(101);
    expect(started).toHaveLength(1);
  });

  it('waits for a new count once a total is older than fresh plus stale', async () => {
    let clock = 0;
    const totals = createSearchTotals({ freshMs: 1_000, staleMs: 2_000, now: () => clock });
    await totals.remember('all', async () => 100);
    clock = 3_000;
    expect(await totals.remember('all', async () => 7)).toBe(7);
  });

  it('keeps the old total when a background refresh fails, reports it, and tries again on the next request', async () => {
    let clock = 0;
    const errors: unknown[] = [];
    const totals = createSearchTotals({ freshMs: 1_000, now: () => clock, onRefreshError: (error) => errors.push(error) });
    await totals.remember('all', async () => 100);
    clock = 2_000;
    expect(await totals.remember('all', () => Promise.reject(new Error('database away')))).toBe(100);
    await settle();
    expect(errors).toEqual([new Error('database away')]);
    expect(await totals.remember('all', async () => 120)).toBe(100);
    await settle();
    expect(await totals.remember('all', async () => 0)).toBe(120);
  });

  it('passes a failed first count to everyone waiting for it and remembers nothing', async () => {
    const totals = createSearchTotals();
    const { count, started } = manualCounts();
    const first = totals.remember('all', count);
    const second = totals.remember('all', count);
    started[0]!.reject(new Error('statement timeout'));
    await expect(first).rejects.toThrow('statement timeout');
    await expect(second).rejects.toThrow('statement timeout');
    expect(await totals.remember('all', async () => 5)).toBe(5);
  });

  it('keeps at most maxKeys totals, dropping the least recently counted', async () => {
    const totals = createSearchTotals({ maxKeys: 2 });
    await totals.remember('a', async () => 1);
    await totals.remember('b', async () => 2);
    await totals.remember('c', async () => 3);
    const recount = async () => -1;
    // Remembered ones first (answering does not store), then the dropped one (counted anew).
    expect([await totals.remember('c', recount), await totals.remember('b', recount), await totals.remember('a', recount)]).toEqual([3, 2, -1]);
  });
});
