import type { AppLoadContext } from '@remix-run/node';
import { createBookingListReader } from '../../adapters/persistence/read-models/booking-lists';
import { createCoachSearch } from '../../adapters/persistence/search/coach-search';
import { createSearchTotals, type SearchTotals } from '../../adapters/persistence/search/search-totals';
import type { Application } from '../../adapters/composition-root';
import { requestDeps } from '~/request-deps.server';

/** One search-totals memory per production server (tests see every count fresh). */
const totalsByApp = new WeakMap<Application, SearchTotals>();
function searchTotals(app: Application): SearchTotals | undefined {
  if (app.env.NODE_ENV !== 'production' || app.env.FACT_TEST_MODE === '1') return undefined;
  let totals = totalsByApp.get(app);
  if (!totals) {
    const log = app.logger;
    totals = createSearchTotals({ onRefreshError: (error) => log.warn({ event: 'search_total_refresh_failed', err: error }, 'search total refresh failed') });
    totalsByApp.set(app, totals);
  }
  return totals;
}

/**
 * The read models behind FindCoaches, the booking dialog, MyBookings and the CoachDashboard,
 * bound to the request's read fork (requestDeps: no identity map shared between requests).
 */
export function readModels(context: AppLoadContext) {
  const deps = requestDeps(context);
  const em = deps.uow.readEm;
  return {
    coachSearch: createCoachSearch(em, { totals: searchTotals(context.app) }),
    bookingLists: createBookingListReader(em),
    coachSchedules: deps.uow.read.coachSchedules,
    coachDirectory: deps.coaches,
  };
}

/** The ports the booking use cases take (the composition root provides the coach directory). */
export function bookingDeps(context: AppLoadContext) {
  return requestDeps(context);
}
