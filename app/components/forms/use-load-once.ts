import { useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/**
 * A fetcher that loads `url` once, after hydration: the profile cards (email preferences, calendar
 * feed, payouts) read their state from small resource routes so the page's own loader keeps its
 * SQL budget. Once even under React's double effects in development.
 */
export function useLoadOnce<T>(url: string) {
  const load = useFetcher<T>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    load.load(url);
  }, [load, url]);
  return load;
}
