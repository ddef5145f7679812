import type { Command } from 'commander';
import { z } from 'zod';
import { adminReadModels, type AdminBookingDetail, type AdminBookingRow } from '../../adapters/persistence/admin/index';
import { cancelBooking } from '../../domain/booking/lifecycle/use-cases/cancel-booking';
import { normaliseReferenceSearch, REFERENCE_MESSAGES } from '../../domain/booking/references/reference-code';
import { coachingTypeLabel } from '../../domain/shared/catalogue';
import { actingAdmin, audited, findBooking, orRefuse } from '../admin-support';
import { details, money, nameOf, table, when } from '../format';
import { payoutDetails } from '../payout-details';
import { timelineLines } from '../booking-timeline-lines';
import { buildBookingTimeline } from '../../domain/admin/booking-timeline';
import { cancelAudit } from '../../domain/admin/booking-actions';
import { packageLine, packagePaymentWords } from '../../domain/admin/package-session-words';
import { output, parseOptions } from '../program';
import { withApp } from '../with-app';

const jsonSchema = z.object({ json: z.boolean().optional() });
const cancelSchema = z.object({ as: z.string().min(1), reason: z.string().min(1, 'missing --reason').max(500), json: z.boolean().optional() });

export function bookingRows(items: readonly AdminBookingRow[]): Record<string, string>[] {
  return items.map((b) => ({
    reference: b.referenceCode,
    status: b.status,
    session: when(b.startsAt),
    client: nameOf(b.clientName),
    coach: nameOf(b.coachName),
    total: money(b.totalPricePence),
    payment: b.package ? `${b.paymentStatus} (package)` : b.paymentStatus,
  }));
}
export const BOOKING_COLUMNS = ['reference', 'status', 'session', 'client', 'coach', 'total', 'payment'];

/**
 * Price and payment; a session booked from a package (decision 060) says which package and
 * session, and that a credit paid for it: it has no card payment of its own.
 */
function moneyLines(b: AdminBookingDetail): [string, string][] {
  const amounts = `captured ${money(b.amountCapturedPence)}, refunded ${money(b.amountRefundedPence)}`;
  // A session of a weekly series (decision 062): which one of how many.
  const paidBy = b.series?.paidBy === 'card' ? ', paid by card in one payment for the series' : '';
  const series: [string, string][] = b.series ? [['series', `session ${b.series.position} of ${b.series.sessions} of a weekly series${paidBy}`]] : [];
  if (!b.package)
    return [
      ...series,
      ['price', `${money(b.servicePricePence)} + ${money(b.adminFeePence)} fee = ${money(b.totalPricePence)}`],
      ['payment', `${b.paymentStatus}; authorised ${money(b.amountAuthorizedPence)}, ${amounts}`],
    ];
  return [
    ...series,
    ['package', `${packageLine(b.package)} (purchase ${b.package.purchaseId}: fact packages show ${b.package.purchaseId})`],
    ...(b.series?.paidBy === 'card'
      ? ([
          ['price', `${money(b.totalPricePence)}: this session's part of the series' one card payment (its admin fee was paid once, with the series)`],
          ['payment', `${b.paymentStatus}, with the series' card payment; ${amounts}`],
        ] as [string, string][])
      : ([
          ['price', `${money(b.totalPricePence)}: one credit of the package (its admin fee was paid with the purchase)`],
          ['payment', `${packagePaymentWords(b.package, b)}; ${b.paymentStatus}, no card payment of its own; ${amounts}`],
        ] as [string, string][])),
  ];
}

/** `fact bookings search|show|cancel`. */
export function registerBookingCommands(program: Command): void {
  const bookings = program.command('bookings').description('bookings: find by reference, show, cancel');

  bookings
    .command('search')
    .description('bookings whose reference starts with the text (any case), newest first')
    .argument('<reference>', 'a whole reference (FACT-20250924-A7B2) or its beginning')
    .option('--json', 'machine-readable output')
    .action(async (text: string, raw: unknown) => {
      const opts = parseOptions(jsonSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const query = orRefuse(normaliseReferenceSearch(text));
        const found = await adminReadModels(app.orm).searchReferences(query);
        const { items } = found;
        const human =
          items.length === 0
            ? REFERENCE_MESSAGES.notFound
            : `${items.length === 1 ? `Found booking ${items[0]!.referenceCode}` : `Found ${items.length}${found.more ? '+' : ''} matching bookings`}\n${table(bookingRows(items), BOOKING_COLUMNS)}`;
        out.print(human, { query, items, more: found.more });
      });
    });

  bookings
    .command('show')
    .description('one booking: parties, session, money, dispute, and its timeline')
    .argument('<booking>', 'booking id or whole reference')
    .option('--json', 'machine-readable output')
    .action(async (key: string, raw: unknown) => {
      const opts = parseOptions(jsonSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const row = await findBooking(app, key);
        const b = (await adminReadModels(app.orm).bookingStory(row.id))!;
        const timeline = buildBookingTimeline(b);
        out.print(
          details([
            ['reference', b.referenceCode],
            ['id', b.id],
            ['status', b.status],
            ['service', coachingTypeLabel(b.serviceType)],
            ['session', `${when(b.startsAt)} (${b.durationMinutes} mins, London time)`],
            ['location', [b.locationType, b.locationAddress].filter(Boolean).join(', ')],
            ['client', `${nameOf(b.clientName)} (${b.clientId})`],
            ['player', b.player ?? null],
            ['coach', `${nameOf(b.coachName)} (${b.coachId})`],
            ...moneyLines(b),
            ['held until', when(b.paymentHeldUntil)],
            ['cancellation', b.cancellationReason ? `${b.cancelledBy ?? ''}: ${b.cancellationReason}` : null],
            ['dispute', b.disputeStatus ? `${b.disputeStatus}: ${b.disputeReason ?? ''}` : null],
            ['decision', b.disputeOutcome ? `${b.disputeOutcome}${b.disputeRefundPence ? ` ${money(b.disputeRefundPence)}` : ''} ${b.disputeResolutionNote ?? ''}`.trim() : null],
            ['messages', b.messageCount],
            ['created', when(b.createdAt)],
            ...payoutDetails(b),
          ]) + `\n${timelineLines(timeline)}`,
          { ...b, history: undefined, audit: undefined, timeline },
        );
      });
    });

  bookings
    .command('cancel')
    .description('cancel a pending or confirmed booking; the cancellation policy moves the money')
    .argument('<booking>', 'booking id or whole reference')
    .requiredOption('--as <email>', 'the administrator acting')
    .requiredOption('--reason <text>', 'why (shared with both parties)')
    .option('--json', 'machine-readable output')
    .action(async (key: string, raw: unknown) => {
      const opts = parseOptions(cancelSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const actor = await actingAdmin(app, opts.as);
        const row = await findBooking(app, key);
        const deps = audited(app, actor, cancelAudit(row, opts.reason));
        const cancelled = orRefuse(await cancelBooking(deps, { actor, bookingId: row.id, reason: opts.reason }));
        out.print(`Cancelled ${cancelled.referenceCode}. Payment: ${cancelled.paymentStatus}.`, {
          id: cancelled.id,
          referenceCode: cancelled.referenceCode,
          status: cancelled.status,
          paymentStatus: cancelled.paymentStatus,
        });
      });
    });
}
