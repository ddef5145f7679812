import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRevalidator } from '@remix-run/react';
import { MY_BOOKINGS_TABS, type MyBookingsTab } from '../../domain/booking/lists/booking-lists';
import { bookingListAction, bookingListAnswer, openBookingList } from '~/booking/booking-list-page.server';
import { BookingCard } from '~/components/booking/booking-card';
import { BookingListTabs } from '~/components/booking/booking-list-tabs';
import { LoadMoreButton } from '~/components/booking/load-more-button';
import { secondaryButton } from '~/components/booking/button-classes';
import { useBookingList } from '~/components/booking/use-booking-list';
import { PackageCredits } from '~/components/packages/package-credits';
import { myPackages } from '../../domain/packages/use-cases/my-packages';
import { packageCreditCard } from '~/packages/package-credit-view';
import { requestDeps } from '~/request-deps.server';
import { refundPackageAction } from '~/packages/package-refund-action.server';

export const meta: MetaFunction = () => [{ title: 'My Bookings · FACT' }];

const TAB_LABELS: Record<MyBookingsTab, string> = { upcoming: 'Upcoming', past: 'Past Sessions', cancelled: 'Cancelled' };
const EMPTY_TAB: Record<MyBookingsTab, string> = { upcoming: 'upcoming', past: 'past', cancelled: 'cancelled' };

export async function loader(args: LoaderFunctionArgs) {
  const { user, actor, tab, now, commissionBps, cursor, limit, lists } = await openBookingList(args, 'MyBookings', MY_BOOKINGS_TABS, 'upcoming');
  // The packages ride with the first page only: a later page (load more) adds bookings.
  const [page, bought] = await Promise.all([lists.myBookings({ viewerId: user.id, tab, now, cursor, limit }), cursor === null ? myPackages(requestDeps(args.context), { actor }) : []]);
  return { tab, ...bookingListAnswer(page, actor, now, commissionBps), isClient: actor.userType === 'client', packages: bought.map((row) => packageCreditCard(row, now)) };
}

/** Every booking action of this page (intent + bookingId), through the domain's use cases; and a package's refund. */
export async function action(args: ActionFunctionArgs) {
  const form = await args.request.clone().formData();
  return form.get('intent') === 'package-refund' ? refundPackageAction(args) : bookingListAction(args);
}

export default function MyBookings() {
  const { tab, cards, nextCursor, today, lastDay, isClient, packages } = useLoaderData<typeof loader>();
  const { cards: all, switching, loading, loadMore } = useBookingList({ path: '/MyBookings', tab: tab, cards, nextCursor });
  const { revalidate } = useRevalidator();

  return (
    <div className="mx-auto w-full max-w-4xl">
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Bookings</h1>
        <p className="mt-1 text-slate-600">Your coaching sessions, past and upcoming.</p>
      </header>

      <PackageCredits packages={packages} />

      <BookingListTabs label="Booking tabs" path="/MyBookings" tabs={MY_BOOKINGS_TABS} current={tab}>
        {(t) => TAB_LABELS[t]}
      </BookingListTabs>

      <div aria-busy={switching} className={switching ? 'opacity-60 transition-opacity' : ''}>
        {all.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <h2 className="text-lg font-semibold text-slate-900">No {EMPTY_TAB[tab]} bookings</h2>
            {tab === 'upcoming' ? <p className="mt-1 text-sm text-slate-600">You don't have any upcoming sessions scheduled.</p> : null}
            {tab === 'upcoming' && isClient ? (
              <Link to="/FindCoaches" className={`${secondaryButton} mt-5`}>
                Find a Coach
              </Link>
            ) : null}
          </div>
        ) : (
          <ul className="space-y-4">
            {all.map((card) => (
              <li key={card.id}>
                <BookingCard card={card} tab={tab} today={today} lastDay={lastDay} revalidate={revalidate} />
              </li>
            ))}
          </ul>
        )}
        {loadMore ? <LoadMoreButton loading={loading} onLoad={loadMore} /> : null}
      </div>
    </div>
  );
}
