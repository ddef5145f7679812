import type { LoaderFunctionArgs } from '@remix-run/node';
import { EXPORT_PAGE_SIZE } from '../../adapters/persistence/admin/keyset';
import { adminCsvFileName, chargebacksCsv } from '~/admin/admin-csv';
import { requireAdminContext } from '~/admin/admin.server';
import { streamCsv } from '~/admin/csv-response.server';

/**
 * GET /AdminChargebacks/csv — every card chargeback, newest opened first, as CSV: the whole of the
 * Chargebacks list AdminBookings shows the newest of (decision 056). Administrators only.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { reads, user } = await requireAdminContext(request, context);
  context.log.info({ event: 'admin_chargebacks_csv', adminId: user.id }, 'chargebacks CSV exported');
  return streamCsv(context, {
    fileName: adminCsvFileName('chargebacks', context.app.clock.now()),
    header: chargebacksCsv.header(),
    event: 'admin_chargebacks_csv_failed',
    page: async (cursor) => {
      const page = await reads.chargebackPage({ after: cursor, limit: EXPORT_PAGE_SIZE, forExport: true });
      return { text: page.items.map((c) => chargebacksCsv.line(c)).join(''), next: page.next };
    },
  });
}
