import type { LoaderFunctionArgs } from '@remix-run/node';
import { EXPORT_PAGE_SIZE } from '../../adapters/persistence/admin/keyset';
import { TRANSFER_STATUSES } from '../../domain/payouts/coach-transfer';
import { adminCsvFileName, payoutsCsv } from '~/admin/admin-csv';
import { requireAdminContext } from '~/admin/admin.server';
import { csvRefusal, streamCsv } from '~/admin/csv-response.server';

/**
 * GET /AdminPayouts/csv[?status=failed] — every coach payout (one transfer per booking), newest
 * released first, optionally of one state, as CSV: the list `fact payouts list` prints
 * (decision 056). Administrators only.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { reads, user } = await requireAdminContext(request, context);
  const status = (new URL(request.url).searchParams.get('status') ?? '').trim();
  if (status !== '' && !(TRANSFER_STATUSES as readonly string[]).includes(status)) return csvRefusal(`Unknown payout state “${status.slice(0, 40)}”: use one of ${TRANSFER_STATUSES.join(', ')}.`);
  context.log.info({ event: 'admin_payouts_csv', adminId: user.id, status: status || null }, 'payouts CSV exported');
  return streamCsv(context, {
    fileName: adminCsvFileName('payouts', context.app.clock.now()),
    header: payoutsCsv.header(),
    event: 'admin_payouts_csv_failed',
    page: async (cursor) => {
      const page = await reads.payouts({ status: status || null, after: cursor, limit: EXPORT_PAGE_SIZE, forExport: true });
      return { text: page.items.map((p) => payoutsCsv.line(p)).join(''), next: page.next };
    },
  });
}
