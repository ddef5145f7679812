import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { subscribeLive, type LiveEvent } from './live-events';

/** Calls `handler` for every live messaging event while the component is mounted. */
export function useLiveEvents(handler: (event: LiveEvent) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribeLive((event) => latest.current(event)), []);
}

/**
 * Reloads the page's loaders when `matches` says an event concerns it, coalescing bursts: at
 * most one reload runs at a time, and one more follows if events arrived meanwhile.
 */
export function useRevalidateOn(matches: (event: LiveEvent) => boolean): void {
  const revalidator = useRevalidator();
  const again = useRef(false);
  const stateRef = useRef(revalidator.state);
  stateRef.current = revalidator.state;
  useEffect(() => {
    if (revalidator.state === 'idle' && again.current) {
      again.current = false;
      revalidator.revalidate();
    }
  }, [revalidator.state, revalidator]);
  useLiveEvents((event) => {
    if (!matches(event)) return;
    if (stateRef.current === 'idle') revalidator.revalidate();
    else again.current = true;
  });
}
