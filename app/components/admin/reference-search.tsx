import { island } from '~/components/island';
import * as server from './reference-search.server';

/**
 * The booking-reference search (SPEC §2) in the admin sidebar and on AdminBookings: in the page's
 * HTML at once, its JavaScript fetched as soon as the page is hydrated (issue 20 §4: only
 * administrators see it, so the shell that every signed-in page shares does not carry it).
 */
export const ReferenceSearch = island(server.ReferenceSearchForm, () => import('./reference-search-form').then((m) => m.ReferenceSearchForm), { when: 'now' });
