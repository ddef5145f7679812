import { Link } from '@remix-run/react';
import type { AdminBookingRow } from '../../../adapters/persistence/admin/admin-bookings.query';
import { adminBookingPath } from '~/admin/booking-path';
import { StatusBadge } from '~/components/booking/status-badge';
import { bookingStatusColour, dateOf, money, nameOrUnnamed, serviceLabel, statusLabel, timeOf } from './format';

/** AdminDashboard 'Recent Bookings': the 8 newest, each with View Chat. */
export function RecentBookings({ bookings }: { bookings: readonly AdminBookingRow[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {bookings.map((b) => (
        <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
          <div className="min-w-0 text-sm">
            <p className="font-medium text-slate-900">
              <Link to={`/AdminBookings?status=all&highlight=${b.id}`} className="font-mono hover:underline">
                {b.referenceCode}
              </Link>{' '}
              · {serviceLabel(b.serviceType)}
            </p>
            <p className="text-slate-600">
              {nameOrUnnamed(b.clientName)} with {nameOrUnnamed(b.coachName)} · {dateOf(b.startsAt)}, {timeOf(b.startsAt)} · {money(b.totalPricePence)}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <StatusBadge label={statusLabel(b.status)} colour={bookingStatusColour(b.status)} />
            <Link to={adminBookingPath(b.id)} className="text-sm font-semibold text-pitch-700 hover:underline">
              View booking
            </Link>
            <Link to={`/Conversation?booking_id=${b.id}`} className="text-sm font-semibold text-pitch-700 hover:underline">
              View Chat
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
