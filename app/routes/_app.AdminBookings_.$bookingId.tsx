import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { seriesLine } from '~/admin/admin-booking-view';
import { Link, useLoaderData } from '@remix-run/react';
import { bookingActionsMoney } from '../../domain/admin/booking-actions';
import { buildBookingTimeline } from '../../domain/admin/booking-timeline';
import { packageLine, packagePaymentWords } from '../../domain/admin/package-session-words';
import type { AdminBookingDetail } from '../../adapters/persistence/admin/admin-bookings.query';
import { UUID_PATTERN } from '../../domain/shared/ids';
import { handleAdminAction } from '~/admin/admin-actions.server';
import { NO_STORE, requireAdminContext } from '~/admin/admin.server';
import { moneyView, timelineEventView } from '~/admin/booking-timeline-view';
import { AdminPageHeader, Section } from '~/components/admin/admin-nav';
import { BookingActions } from '~/components/admin/booking-actions';
import { BookingTimeline } from '~/components/admin/booking-timeline';
import { CopyButton } from '~/components/admin/copy-reference';
import { bookingStatusColour, dateTimeOf, money, nameOrUnnamed, paymentLabel, serviceLabel, statusLabel } from '~/components/admin/format';
import { StatusBadge } from '~/components/booking/status-badge';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.booking.referenceCode ?? 'Booking'} · FACT admin` }];

/**
 * /AdminBookings/:bookingId (decision 055): one booking's whole story for an
 * administrator — what it is, the money now, the conversation, and a timeline of every change
 * with who made it and the money after it. One SQL statement besides the session's.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { reads } = await requireAdminContext(request, context);
  const id = params.bookingId ?? '';
  const story = UUID_PATTERN.test(id) ? await reads.bookingStory(id) : null;
  if (!story) throw new Response('Not Found', { status: 404 });
  const timeline = buildBookingTimeline(story);
  const { history: _history, audit: _audit, ...booking } = story;
  const t = story.transfer;
  const now = {
    heldPence: story.paymentStatus === 'authorized' ? story.amountAuthorizedPence : 0,
    capturedPence: story.amountCapturedPence,
    refundedPence: story.amountRefundedPence,
    coachSharePence: t ? t.coachSharePence - t.reversedPence : null,
    platformSharePence: t ? t.platformSharePence : null,
  };
  // What each action would move now, by the use cases' own rules (no SQL: read from the story).
  const actions = bookingActionsMoney(story, context.app.clock.now());
  return json({ booking, money: moneyView(now), actions, timeline: timeline.map((e) => timelineEventView(e)) }, { headers: NO_STORE });
}

/**
 * Cancel, resolve the open dispute, retry the payout (issue 47): the dashboard's admin action
 * handler, limited to these intents and to the booking of the address. Each runs the CLI's use
 * case with the CLI's audit line (domain/admin/booking-actions.ts); non-admins get the 404.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = params.bookingId ?? '';
  if (!UUID_PATTERN.test(id)) {
    await requireAdminContext(request, context);
    throw new Response('Not Found', { status: 404 });
  }
  return handleAdminAction(request, context, { intents: ['cancel_booking', 'resolve_dispute', 'retry_payout'], bookingId: id });
}

/**
 * Price and payment, and for a session booked from a package (decision 060) the package: it has
 * no card payment of its own, its price is one credit, the admin fee was paid with the purchase.
 */
function bookingMoneyFacts(
  b: Pick<AdminBookingDetail, 'servicePricePence' | 'adminFeePence' | 'totalPricePence' | 'paymentStatus' | 'status' | 'amountCapturedPence' | 'amountRefundedPence' | 'package' | 'series'>,
): [string, string][] {
  const series: [string, string][] = b.series ? [['Series', seriesLine(b.series)]] : [];
  if (!b.package) return [...series, ['Price', `${money(b.servicePricePence)} + ${money(b.adminFeePence)} fee = ${money(b.totalPricePence)}`], ['Payment', paymentLabel(b.paymentStatus)]];
  return [
    ...series,
    ['Package', packageLine(b.package)],
    ['Purchase', b.package.purchaseId],
    ['Price', `${money(b.totalPricePence)}: one credit of the package (its admin fee was paid with the purchase)`],
    ['Payment', packagePaymentWords(b.package, b)],
  ];
}

export default function AdminBookingDetail() {
  const { booking, money: moneyNow, actions, timeline } = useLoaderData<typeof loader>();
  const facts: [string, string][] = [
    ['Service', serviceLabel(booking.serviceType)],
    ['Session', `${dateTimeOf(booking.startsAt)} · ${booking.durationMinutes} mins`],
    ['Client', nameOrUnnamed(booking.clientName)],
    ...(booking.player ? ([['Player', booking.player]] as [string, string][]) : []),
    ['Coach', nameOrUnnamed(booking.coachName)],
    ...bookingMoneyFacts(booking),
    ...(booking.cancellationReason ? ([['Cancellation', booking.cancellationReason]] as [string, string][]) : []),
    ...(booking.disputeReason ? ([['Dispute', `${booking.disputeStatus === 'resolved' ? 'Resolved' : 'Open'}: ${booking.disputeReason}`]] as [string, string][]) : []),
    ...(booking.disputeResolutionNote ? ([['Decision', booking.disputeResolutionNote]] as [string, string][]) : []),
  ];
  return (
    <div className="mx-auto w-full max-w-4xl space-y-5">
      <AdminPageHeader
        title={`Booking ${booking.referenceCode}`}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusBadge label={statusLabel(booking.status)} colour={bookingStatusColour(booking.status)} />
            <CopyButton reference={booking.referenceCode} />
            <Link to={`/AdminBookings?status=all&highlight=${booking.id}`} className="text-sm font-semibold text-pitch-700 hover:underline">
              Back to Bookings
            </Link>
          </span>
        }
      />

      <div className="grid gap-5 md:grid-cols-2">
        <Section title="The booking" id="booking-facts">
          <dl className="space-y-1 text-sm">
            {facts.map(([k, v]) => (
              <div key={k} className="flex justify-between gap-3">
                <dt className="text-slate-500">{k}</dt>
                <dd className="min-w-0 break-words text-right font-medium text-slate-800">{v}</dd>
              </div>
            ))}
          </dl>
        </Section>
        <Section title="Money now" id="booking-money">
          <dl className="space-y-1 text-sm" aria-describedby="booking-money">
            {moneyNow.map((m) => (
              <div key={m.label} className="flex justify-between gap-3">
                <dt className="text-slate-500">{m.label}</dt>
                <dd className="font-semibold tabular-nums text-slate-900">{m.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm">
            <Link to={`/Conversation?booking_id=${booking.id}`} className="font-semibold text-pitch-700 hover:underline">
              Open the conversation
            </Link>
            <span className="text-slate-500">{` · ${booking.messageCount} message${booking.messageCount === 1 ? '' : 's'}`}</span>
          </p>
        </Section>
      </div>

      <Section title="Actions" id="booking-actions">
        <BookingActions booking={{ ...booking, clientName: nameOrUnnamed(booking.clientName), coachName: nameOrUnnamed(booking.coachName) }} actions={actions} />
      </Section>

      <Section title="Timeline" count={timeline.length} id="booking-timeline">
        <BookingTimeline events={timeline} />
      </Section>
    </div>
  );
}
