import { Link } from '@remix-run/react';
import * as server from '~/components/admin/reference-search.server';
import { Icon } from '~/components/icon';
import { island } from '~/components/island';

/**
 * The same island as reference-search.tsx's ReferenceSearch, made here: importing that module
 * from this lazy chunk too kept it a chunk of its own on AdminBookings' first visit (issue 20 §4).
 */
const ReferenceSearch = island(server.ReferenceSearchForm, () => import('~/components/admin/reference-search-form').then((m) => m.ReferenceSearchForm), { when: 'now' });

/**
 * The admin sidebar's booking-reference search panel (SPEC §2 'Admin sidebar also holds a
 * booking-reference search panel'); the shell renders it for administrators only. In icon mode
 * (collapsed) it is a search icon leading to the same lookup on AdminBookings.
 */
export function AdminSidebarSlot({ collapsed }: { collapsed: boolean }) {
  if (collapsed) {
    return (
      <Link
        to="/AdminBookings#lookup"
        title="Booking reference search"
        aria-label="Booking reference search"
        className="flex justify-center rounded-lg py-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <Icon name="search" className="h-5 w-5" />
      </Link>
    );
  }
  return <ReferenceSearch variant="sidebar" />;
}
