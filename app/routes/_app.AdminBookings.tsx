import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES } from '../../domain/shared/catalogue';
import { adminBookingRowView } from '../admin/admin-booking-view';
import { UUID_PATTERN } from '../../domain/shared/ids';
import { requireAdminContext, type AdminBookingFilter } from '~/admin/admin.server';
import { bookingSearchQuery, parseBookingSearch } from '~/admin/booking-search';
import { AdminPageHeader, EmptyState, Section } from '~/components/admin/admin-nav';
import { BookingFilters } from '~/components/admin/booking-filters';
import { BookingTable } from '~/components/admin/booking-table';
import { ChargebackList } from '~/components/admin/payouts';
import { Pager } from '~/components/admin/pager';
import { ReferenceSearchForm } from '~/components/admin/reference-search-form';

export const meta: MetaFunction = () => [{ title: 'Bookings · FACT admin' }];

const FILTERS: readonly { value: AdminBookingFilter; label: string }[] = [{ value: 'all', label: 'All' }, ...BOOKING_STATUSES.map((value) => ({ value, label: BOOKING_STATUS_LABELS[value] }))];

/**
 * ?status=…&party=…&payment=…&from=…&to=…&highlight=…: one keyset page of bookings (each with its
 * coach transfer and chargebacks), filtered (decision 056); a highlighted booking not on it is
 * pinned above; the newest card chargebacks below. A filter that does not parse is refused with
 * its message beside its box (400) and no list is read.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { reads } = await requireAdminContext(request, context);
  const url = new URL(request.url);
  const search = parseBookingSearch(url.searchParams);
  const highlightParam = url.searchParams.get('highlight');
  const highlight = highlightParam && UUID_PATTERN.test(highlightParam) ? highlightParam : null;
  const empty = { items: [], prev: null, next: null };
  const [page, chargebacks] = await Promise.all([
    search.ok ? reads.bookings({ ...search.filter, after: url.searchParams.get('after'), before: url.searchParams.get('before') }) : empty,
    reads.chargebacks(),
  ]);
  const pinned = highlight && !page.items.some((b) => b.id === highlight) ? await reads.booking(highlight) : null;
  // Each row as the page shows it: the markup and the hydration data carry it once.
  const rows = { items: page.items.map(adminBookingRowView), prev: page.prev, next: page.next };
  const data = {
    status: search.values.status,
    values: search.values,
    errors: search.ok ? {} : search.errors,
    highlight,
    page: rows,
    pinned: pinned ? adminBookingRowView(pinned) : null,
    chargebacks,
  };
  // Plain data when it answers, as before; the refusal is a 400 with the same data.
  return search.ok ? data : json(data, { status: 400 });
}

export default function AdminBookings() {
  const { status, values, errors, highlight, page, pinned, chargebacks } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  // The sidebar's search submitted before its code was in (reference-search-form.tsx).
  const reference = new URLSearchParams(location.search).get('reference') || undefined;
  const fromState = (location.state as { selectedBookingId?: unknown } | null)?.selectedBookingId;
  const lit = highlight ?? (typeof fromState === 'string' ? fromState : null);
  const label = FILTERS.find((f) => f.value === status)?.label ?? 'All';
  const loading = navigation.state === 'loading' && navigation.location.pathname.toLowerCase() === '/adminbookings';
  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <AdminPageHeader
        title={`Bookings (${label})`}
        subtitle="Newest booked first. Every booking, every party, every payment."
        actions={
          <a href="/AdminPayouts/csv" download className="btn btn-s">
            Export payouts CSV
          </a>
        }
      />

      <div id="lookup">
        <ReferenceSearchForm variant="page" initial={reference} />
      </div>

      <nav aria-label="Booking status" className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1 text-sm font-medium">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={`/AdminBookings?${bookingSearchQuery({ ...values, status: f.value })}`}
            aria-current={f.value === status ? 'page' : undefined}
            className={`rounded-lg px-3 py-1.5 ${f.value === status ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {f.label}
          </Link>
        ))}
      </nav>

      <BookingFilters values={values} errors={errors} />

      {pinned ? (
        <div>
          <h2 className="mb-2 text-sm font-semibold text-slate-700">Selected booking</h2>
          <BookingTable bookings={[pinned]} highlight={lit} />
        </div>
      ) : null}

      <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : ''}>
        {Object.keys(errors).length ? (
          <EmptyState>Correct the filters above to see bookings.</EmptyState>
        ) : page.items.length === 0 ? (
          <EmptyState>No bookings found.</EmptyState>
        ) : (
          <BookingTable bookings={page.items} highlight={lit} />
        )}
        <Pager prev={page.prev} next={page.next} />
      </div>

      <Section
        title="Chargebacks"
        count={chargebacks.more ? undefined : chargebacks.items.length}
        id="chargebacks"
        actions={
          <a href="/AdminChargebacks/csv" download className="btn btn-s">
            Export chargebacks CSV
          </a>
        }
      >
        {chargebacks.items.length ? <ChargebackList chargebacks={chargebacks.items} /> : <EmptyState>No chargebacks.</EmptyState>}
        {chargebacks.more ? <p className="mt-3 text-xs text-slate-500">Showing the {chargebacks.items.length} newest chargebacks.</p> : null}
      </Section>
    </div>
  );
}
