import { useEffect, useState } from 'react';
import { useLoginWhenSignedOut } from '~/auth/use-login-when-signed-out';

/** What the resources loaded this way answer when they refuse, and what a failed load reads as. */
export type LoadFailure = { ok: false; code: string; error: string };
const LOAD_FAILED: LoadFailure = { ok: false, code: 'LOAD_FAILED', error: 'This could not be loaded. Check your connection and reload the page.' };

/**
 * Loads the JSON resource `url` once, after hydration: the profile cards (email preferences,
 * calendar feed, payouts) read their state from small resource routes so the page's own loader
 * keeps its SQL budget. A session that ended before the answer came opens the login dialog, back
 * to this page.
 *
 * A plain `fetch`, not a router fetcher. A fetcher's first load waits for Remix to discover its
 * route; an action submitted meanwhile (the profile form, saved at once) made the router
 * revalidate that load against the routes it knew, where only the catch-all `$` matched, and the
 * page fell to its error boundary ('Page not found'). These resources need neither route
 * discovery nor revalidation: each card keeps what its own actions answer.
 */
export function useLoadOnce<T>(url: string): { data: T | LoadFailure | undefined } {
  const [data, setData] = useState<T | LoadFailure>();
  useEffect(() => {
    // Aborted when the card goes (and by React's double effects in development, before the load that counts).
    const controller = new AbortController();
    fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal })
      .then((response) => response.json() as Promise<T | LoadFailure>)
      .then(
        (answer) => setData(answer),
        () => controller.signal.aborted || setData(LOAD_FAILED),
      );
    return () => controller.abort();
  }, [url]);
  useLoginWhenSignedOut(data);
  return { data };
}
