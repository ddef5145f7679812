import type { LoaderFunctionArgs } from '@remix-run/node';
import { EXPORT_PAGE_SIZE } from '../../adapters/persistence/admin/keyset';
import { adminCsvFileName, bookingsCsv } from '~/admin/admin-csv';
import { requireAdminContext } from '~/admin/admin.server';
import { parseBookingSearch } from '~/admin/booking-search';
import { csvRefusal, streamCsv } from '~/admin/csv-response.server';

/**
 * GET /AdminBookings/csv?status=…&party=…&payment=…&from=…&to=… — the AdminBookings list as the
 * filters give it, every page of it, newest booked first, as CSV (decision 056). Administrators
 * only (everyone else 404, logged); a filter the list would refuse is refused here too (400).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { reads, user } = await requireAdminContext(request, context);
  const search = parseBookingSearch(new URL(request.url).searchParams);
  if (!search.ok) return csvRefusal(Object.values(search.errors).join(' '));
  context.log.info({ event: 'admin_bookings_csv', adminId: user.id, filters: search.values }, 'bookings CSV exported');
  return streamCsv(context, {
    fileName: adminCsvFileName('bookings', context.app.clock.now()),
    header: bookingsCsv.header(),
    event: 'admin_bookings_csv_failed',
    page: async (cursor) => {
      const page = await reads.bookings({ ...search.filter, after: cursor, limit: EXPORT_PAGE_SIZE, forExport: true });
      return { text: page.items.map((b) => bookingsCsv.line(b)).join(''), next: page.next };
    },
  });
}
