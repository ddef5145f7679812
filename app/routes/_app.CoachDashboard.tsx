import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { COACH_DASHBOARD_GROUPS, type CoachDashboardGroup } from '../../domain/booking/lists/booking-lists';
import { bookingListAction, bookingListAnswer, openBookingList } from '~/booking/booking-list-page.server';
import { BookingListTabs } from '~/components/booking/booking-list-tabs';
import { CoachBookingCard } from '~/components/booking/coach-booking-card';
import { LoadMoreButton } from '~/components/booking/load-more-button';
import { useBookingList } from '~/components/booking/use-booking-list';
import { PayoutsBanner } from '~/components/payouts/payouts-banner';
import { payoutSetupState } from '../../domain/payouts/payout-account';
import { requestDeps } from '~/request-deps.server';
import { NEEDS_RESPONSE_LIMIT } from '../../domain/booking/lists/needs-response';
import { needsResponseRows } from '~/booking/needs-response-view';
import { NeedsResponseList } from '~/components/booking/needs-response-list';

export const meta: MetaFunction = () => [{ title: 'Coach Dashboard · FACT' }];

const LABELS: Record<CoachDashboardGroup, string> = { pending: 'Pending', upcoming: 'Upcoming', history: 'History' };
const EMPTY: Record<CoachDashboardGroup, string> = {
  pending: 'No pending booking requests.',
  upcoming: 'You have no upcoming sessions.',
  history: 'No past sessions found.',
};

export async function loader(args: LoaderFunctionArgs) {
  const { user, actor, tab: group, now, commissionBps, cursor, limit, lists } = await openBookingList(args, 'CoachDashboard', COACH_DASHBOARD_GROUPS, 'pending');
  const { counts, needs } = await lists.coachDashboardHead({ coachId: user.id, now, limit: NEEDS_RESPONSE_LIMIT });
  const page = await lists.coachDashboard({ coachId: user.id, group, cursor, limit });
  const payouts = payoutSetupState(await requestDeps(args.context).uow.read.payoutAccounts.findByCoach(user.id));
  return { group, counts, payouts, needs: { rows: needsResponseRows(needs.items, actor, now, commissionBps), total: needs.total }, ...bookingListAnswer(page, actor, now, commissionBps) };
}

export const action = bookingListAction;

export default function CoachDashboard() {
  const { group, counts, payouts, needs, cards, nextCursor, today, lastDay } = useLoaderData<typeof loader>();
  const { cards: all, switching, loading, loadMore } = useBookingList({ path: '/CoachDashboard', tab: group, cards, nextCursor });
  const n = counts.pending;

  return (
    <div className="mx-auto w-full max-w-4xl">
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Coach Dashboard</h1>
        <p className="mt-1 text-slate-600">Manage your bookings and schedule.</p>
      </header>

      <PayoutsBanner state={payouts} />

      {n > 0 ? (
        <div role="status" className="mb-5 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
          <span aria-hidden="true" className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-amber-400 text-sm font-bold text-amber-950">
            !
          </span>
          <p className="text-sm text-amber-900">
            <strong className="font-semibold">New Booking Requests:</strong>
            {` You have ${n} new ${n === 1 ? 'request' : 'requests'} to review.`}
          </p>
        </div>
      ) : null}

      <NeedsResponseList rows={needs.rows} total={needs.total} today={today} lastDay={lastDay} />

      <BookingListTabs label="Booking groups" path="/CoachDashboard" tabs={COACH_DASHBOARD_GROUPS} current={group}>
        {(g) => `${LABELS[g]} (${counts[g]})`}
      </BookingListTabs>

      <div aria-busy={switching} className={switching ? 'opacity-60 transition-opacity' : ''}>
        {all.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center text-slate-600">{EMPTY[group]}</p>
        ) : (
          <ul className="space-y-4">
            {all.map((card) => (
              <li key={card.id}>
                <CoachBookingCard card={card} today={today} lastDay={lastDay} />
              </li>
            ))}
          </ul>
        )}
        {loadMore ? <LoadMoreButton loading={loading} onLoad={loadMore} /> : null}
      </div>
    </div>
  );
}
