/**
 * 'Found N coaches' for the same filters, remembered for a short while. Counting is
 * linear in the coaches matched (every listed one for an unfiltered page: ~100 ms of database time
 * at 100 000 coaches), while the number only informs; the pages themselves come by keyset, never
 * by this count. The production server shares one per process (app/booking/read-models.server.ts).
 *
 * Two things keep the count off the request path once a total is known:
 * - requests asking for the same total at the same moment share one count (no stampede of
 *   identical counts when a total expires under load: that made p99 half a second at 100 000
 *   coaches);
 * - a total older than `freshMs` is still answered for up to `staleMs` more while one count
 *   refreshes it in the background.
 */
export interface SearchTotals {
  /** The total for `key`: a remembered one, or `count()` run once for everyone asking now. */
  remember(key: string, count: () => Promise<number>): Promise<number>;
}

export interface SearchTotalsOptions {
  freshMs?: number;
  staleMs?: number;
  maxKeys?: number;
  now?: () => number;
  /** A background refresh that failed (the stale total stays; the next request tries again). */
  onRefreshError?: (error: unknown) => void;
}

export function createSearchTotals(options: SearchTotalsOptions = {}): SearchTotals {
  const freshMs = options.freshMs ?? 30_000;
  const staleMs = options.staleMs ?? 5 * 60_000;
  const maxKeys = options.maxKeys ?? 1_000;
  const now = options.now ?? Date.now;
  const totals = new Map<string, { total: number; countedAt: number }>();
  const counting = new Map<string, Promise<number>>();

  const store = (key: string, total: number, countedAt: number) => {
    totals.delete(key); // re-inserted last: the map's order is oldest first
    if (totals.size >= maxKeys) totals.delete(totals.keys().next().value as string);
    totals.set(key, { total, countedAt });
  };

  const countOnce = (key: string, count: () => Promise<number>): Promise<number> => {
    const pending = counting.get(key);
    if (pending) return pending;
    const startedAt = now();
    const counted = count()
      .then((total) => {
        store(key, total, startedAt);
        return total;
      })
      .finally(() => counting.delete(key));
    counting.set(key, counted);
    return counted;
  };

  return {
    remember(key, count) {
      const known = totals.get(key);
      const age = known ? now() - known.countedAt : Number.POSITIVE_INFINITY;
      if (known && age < freshMs) return Promise.resolve(known.total);
      if (known && age < freshMs + staleMs) {
        countOnce(key, count).catch((error: unknown) => options.onRefreshError?.(error));
        return Promise.resolve(known.total);
      }
      if (known) totals.delete(key);
      return countOnce(key, count);
    },
  };
}
