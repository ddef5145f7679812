import type { AdminBookingRow } from '../../../adapters/persistence/admin/admin-bookings.query';

/** The answer of GET /admin/booking-search. */
export type ReferenceSearchReply =
  { readonly ok: true; readonly query: string; readonly items: AdminBookingRow[]; readonly more: boolean } | { readonly ok: false; readonly code: string; readonly message: string };

/**
 * SPEC §8 'Search' messages: kept with the copy button (copy-reference.tsx), so that AdminBookings'
 * rows and the search share one chunk rather than two.
 */
export { SEARCH_MESSAGES } from './copy-reference';
