import { useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useLoginWhenSignedOut } from '~/auth/use-login-when-signed-out';

/**
 * A fetcher that loads `url` once, after hydration: the profile cards (email preferences, calendar
 * feed, payouts) read their state from small resource routes so the page's own loader keeps its
 * SQL budget. Once even under React's double effects in development. A session that ended before
 * the answer came opens the login dialog, back to this page.
 */
export function useLoadOnce<T>(url: string) {
  const load = useFetcher<T>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    load.load(url);
  }, [load, url]);
  useLoginWhenSignedOut(load.data);
  return load;
}
