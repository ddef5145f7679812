import { useFetcher } from '@remix-run/react';
import * as server from './idle-fetcher.server';

/**
 * A fetcher for a form repeated on every card of a list (the booking cards' actions).
 *
 * On the server a fetcher is always idle and has no data (a new router per request, nothing
 * submitted), yet react-router's `useFetcher` builds one in full there: two contexts, the router's
 * state, three callbacks, a `submit` and a new `Form` component per call. On a 20-card MyBookings
 * or CoachDashboard page that is twenty full fetchers nobody can use. So the
 * server renders with that idle fetcher, made once (idle-fetcher.server.tsx: the browser's bundle
 * does not carry it); in the browser this is `useFetcher` itself.
 */
export const useRowFetcher: typeof useFetcher = typeof document === 'undefined' && server.useIdleFetcher ? server.useIdleFetcher : useFetcher;
