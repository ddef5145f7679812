import { Link } from '@remix-run/react';
import { ReferenceSearchForm } from '~/components/admin/reference-search-form';
import { Icon } from '~/components/icon';

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
  return <ReferenceSearchForm variant="sidebar" />;
}
