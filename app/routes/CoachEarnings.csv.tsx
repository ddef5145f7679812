import type { LoaderFunctionArgs } from '@remix-run/node';
import { earningsCsvFileName, earningsCsvHeader, earningsCsvLine } from '../../domain/payouts/earnings-csv';
import { earningLineOf, taxYear, taxYearOf } from '../../domain/payouts/earnings';
import { packageName, packageSaleSummary, packageSessionLabel, saleCountsText } from '../../domain/packages/package-sale';
import { commissionBpsOf, earningsReader, packageSalesReader, requireCoach } from '~/earnings/earnings-page.server';

/** Lines read per SQL statement while the CSV streams. */
const CSV_PAGE_SIZE = 500;

/**
 * GET /CoachEarnings/csv?year=2026 — the coach's earnings for a UK tax year, as CSV, for their
 * Self Assessment. `year` is the calendar year the tax year STARTS in: 2026 is the tax year
 * 6 April 2026 – 5 April 2027 (London dates), the period a UK self-employed coach reports
 * (a calendar year would split two returns). A booking counts in the tax year its money was
 * released to the coach (the transfer's released_at). Without `year`, the current tax year.
 *
 * After the releases, the packages sold in the tax year (sold: paid_at), each with where its
 * sessions stand as of the download; a release of a package session names it.
 *
 * Coaches only (others go where the other coach-only pages send them). The body streams: one
 * keyset page of 500 lines per SQL statement (the releases, then the sales), written as it is
 * read, so a long history is never held in memory at once. Cells are formula-safe
 * (domain/payouts/earnings-csv.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCoach(request, context);
  const now = context.app.clock.now();
  const current = taxYearOf(now).startYear;
  const param = new URL(request.url).searchParams.get('year');
  const startYear = param === null || param === '' ? current : /^\d{4}$/.test(param) ? Number(param) : NaN;
  if (!Number.isInteger(startYear) || startYear < 2000 || startYear > current)
    return new Response('Unknown tax year: give the year it starts in, e.g. year=2026 for 6 April 2026 to 5 April 2027.', {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    });

  const year = taxYear(startYear);
  const reader = earningsReader(context);
  const sales = packageSalesReader(context);
  const commissionBps = commissionBpsOf(context);
  const encoder = new TextEncoder();
  let cursor: string | null = null;
  let started = false;
  let phase: 'releases' | 'sales' = 'releases';
  const log = context.log;

  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark, so spreadsheet programs read names with accents as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${earningsCsvHeader()}`));
        return;
      }
      try {
        const range = { from: year.from, to: year.to };
        const page = { cursor, limit: CSV_PAGE_SIZE };
        let text = '';
        let next: string | null;
        if (phase === 'releases') {
          const released = await reader.releasedBetween(user.id, range, page);
          for (const item of released.items) {
            const line = earningLineOf(item.booking, item.transfer, commissionBps, now);
            if (!line) continue;
            text += earningsCsvLine({
              kind: 'session',
              referenceCode: item.booking.referenceCode,
              startsAt: item.booking.startsAt,
              clientName: item.clientName?.trim() || 'Former client',
              line,
              releasedAt: item.transfer?.releasedAt ?? item.booking.paymentReleasedAt,
              paidOutAt: item.transfer?.paidOutAt ?? null,
              packageSession: item.packageSession ? packageSessionLabel(item.packageSession, item.packageSession.position) : null,
            });
          }
          next = released.next;
        } else {
          const sold = await sales.soldBetween(user.id, range, page);
          for (const item of sold.items) {
            const summary = packageSaleSummary(item.sale);
            text += earningsCsvLine({
              kind: 'package_sale',
              clientName: item.clientName?.trim() || 'Former client',
              packageName: packageName(item.sale),
              soldAt: item.paidAt,
              pricePence: summary.pricePence,
              refundedPence: summary.refundedPence,
              sessions: saleCountsText(summary.counts),
            });
          }
          next = sold.next;
        }
        if (text) controller.enqueue(encoder.encode(text));
        cursor = next;
        if (cursor) return;
        if (phase === 'releases') phase = 'sales';
        else controller.close();
      } catch (error) {
        log.error({ err: error, event: 'earnings_csv_failed', coachId: user.id }, 'earnings CSV failed');
        controller.error(error);
      }
    },
  });

  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${earningsCsvFileName(startYear)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
