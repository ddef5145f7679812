import { Link } from '@remix-run/react';
import { seriesLine } from '../../admin/admin-booking-view';
import type { AdminBookingRow } from '../../../adapters/persistence/admin/admin-bookings.query';
import { adminBookingPath } from '~/admin/booking-path';
import { packageLine, packagePaymentWords } from '../../../domain/admin/package-session-words';
import { StatusBadge } from '~/components/booking/status-badge';
import { bookingStatusColour, dateOf, money, nameOrUnnamed, paymentLabel, serviceLabel, statusLabel, timeOf } from './format';
import { CopyButton } from './copy-reference';

/** The detail card of one booking found by reference: what it is, who, when, how much. */
export function BookingDetailCard({ booking, onBack }: { booking: AdminBookingRow; onBack?: () => void }) {
  const rows: [string, string][] = [
    ['Service', serviceLabel(booking.serviceType)],
    ['Date', `${dateOf(booking.startsAt)}, ${timeOf(booking.startsAt)}`],
    ['Duration', `${booking.durationMinutes} mins`],
    ['Client', nameOrUnnamed(booking.clientName)],
    ...(booking.player ? ([['Player', booking.player]] as [string, string][]) : []),
    ['Coach', nameOrUnnamed(booking.coachName)],
    ['Total', money(booking.totalPricePence)],
    ...(booking.series ? ([['Series', seriesLine(booking.series)]] as [string, string][]) : []),
    // A session booked from a package: a credit paid for it, not a card (decision 060).
    ...(booking.package
      ? ([
          ['Package', packageLine(booking.package)],
          ['Payment', packagePaymentWords(booking.package, booking)],
        ] as [string, string][])
      : ([['Payment', paymentLabel(booking.paymentStatus)]] as [string, string][])),
  ];
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm" aria-label={`Booking ${booking.referenceCode}`} role="region">
      {onBack ? (
        <button type="button" onClick={onBack} className="mb-2 text-xs font-semibold text-pitch-700 hover:underline">
          ← Back to results
        </button>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <p className="whitespace-nowrap font-mono text-xs font-semibold text-slate-900">{booking.referenceCode}</p>
        <CopyButton reference={booking.referenceCode} />
      </div>
      <div className="mt-1">
        <StatusBadge label={statusLabel(booking.status)} colour={bookingStatusColour(booking.status)} />
      </div>
      <dl className="mt-2 space-y-1">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-2">
            <dt className="text-slate-500">{k}</dt>
            <dd className="text-right font-medium text-slate-800">{v}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={adminBookingPath(booking.id)} className="rounded-lg bg-pitch-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-pitch-700">
          View booking
        </Link>
        <Link to={`/Conversation?booking_id=${booking.id}`} className="rounded-lg bg-pitch-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-pitch-700">
          Open Chat
        </Link>
        <Link
          to={`/AdminBookings?status=all&highlight=${booking.id}`}
          state={{ selectedBookingId: booking.id }}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-50"
        >
          View in Bookings
        </Link>
      </div>
    </div>
  );
}
