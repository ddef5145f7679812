import type { AdminBookingRow } from '../../../adapters/persistence/admin/admin-bookings.query';
import { StatusBadge } from '~/components/booking/status-badge';
import { BookingDetailCard } from './booking-detail-card';
import { bookingStatusColour, dateOf, nameOrUnnamed, statusLabel } from './format';

export type ResultsView = { kind: 'list'; items: AdminBookingRow[]; more: boolean } | { kind: 'one'; booking: AdminBookingRow; from: AdminBookingRow[] | null; more: boolean };

/**
 * What a booking-reference search found: the list of matches (it scrolls above 15rem) or one
 * booking's detail card. Loaded with the first search, not with the page: the
 * search box sits in every administrator's sidebar.
 */
export default function ReferenceSearchResults({
  view,
  onPick,
  onBack,
}: {
  view: ResultsView;
  onPick: (booking: AdminBookingRow, from: AdminBookingRow[], more: boolean) => void;
  onBack: (from: AdminBookingRow[], more: boolean) => void;
}) {
  if (view.kind === 'one') {
    const { from, more } = view;
    return <BookingDetailCard booking={view.booking} onBack={from ? () => onBack(from, more) : undefined} />;
  }
  return (
    <div>
      <p className="mb-1 text-xs text-slate-500">
        {view.items.length} matching booking{view.items.length === 1 ? '' : 's'}
        {view.more ? ' (newest shown; type more of the reference to narrow it)' : ''}
      </p>
      <ul className="max-h-[15rem] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 bg-white" data-testid="reference-results">
        {view.items.map((b) => (
          <li key={b.id}>
            <button type="button" onClick={() => onPick(b, view.items, view.more)} className="flex w-full flex-col items-start gap-0.5 px-3 py-2 text-left hover:bg-slate-50">
              <span className="whitespace-nowrap font-mono text-xs font-semibold text-slate-900">{b.referenceCode}</span>
              <span className="flex w-full flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-600">
                <StatusBadge label={statusLabel(b.status)} colour={bookingStatusColour(b.status)} />
                <span>{nameOrUnnamed(b.clientName)}</span>
                <span>{dateOf(b.startsAt)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
