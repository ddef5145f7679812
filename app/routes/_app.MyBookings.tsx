import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { bookingWindowDays } from '../../domain/booking/booking-calendar';
import { bookingCardView, type BookingCardView } from '../../domain/booking/booking-card-view';
import { BOOKING_LIST_PAGE_SIZE, parseBookingCursor } from '../../domain/booking/booking-list-reader';
import { MY_BOOKINGS_TABS, type MyBookingsTab } from '../../domain/booking/booking-lists';
import { redirectFor } from '../../domain/navigation/routing';
import { actorOf, requireUser } from '~/auth/guards.server';
import { handleBookingAction } from '~/booking/booking-actions.server';
import { readModels } from '~/booking/read-models.server';
import { BookingCard } from '~/components/booking/booking-card';
import { secondaryButton } from '~/components/booking/modal';

export const meta: MetaFunction = () => [{ title: 'My Bookings — FACT' }];

const TAB_LABELS: Record<MyBookingsTab, string> = { upcoming: 'Upcoming', past: 'Past Sessions', cancelled: 'Cancelled' };
const EMPTY_TAB: Record<MyBookingsTab, string> = { upcoming: 'upcoming', past: 'past', cancelled: 'cancelled' };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorOf(user);
  const away = redirectFor('MyBookings', actor);
  if (away) throw redirect(`/${away}`);
  const url = new URL(request.url);
  const tabParam = url.searchParams.get('tab');
  const tab: MyBookingsTab = (MY_BOOKINGS_TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as MyBookingsTab) : 'upcoming';
  const now = context.app.clock.now();
  const page = await readModels(context).bookingLists.myBookings({
    viewerId: user.id,
    tab,
    now,
    cursor: parseBookingCursor(url.searchParams.get('cursor')),
    limit: BOOKING_LIST_PAGE_SIZE,
  });
  const cards = page.items.map((item) => bookingCardView(item, actor, now)).filter((c): c is BookingCardView => c !== null);
  const days = bookingWindowDays(now);
  return json({ tab, cards, nextCursor: page.nextCursor, today: days[0]!, lastDay: days.at(-1)!, isClient: actor.userType === 'client' });
}

/** Every booking action of this page (intent + bookingId), through the domain's use cases. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return handleBookingAction(request, context, actorOf(user));
}

export default function MyBookings() {
  const { tab, cards, nextCursor, today, lastDay, isClient } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const switching = navigation.state === 'loading' && navigation.location.pathname.toLowerCase() === '/mybookings';
  const more = useFetcher<typeof loader>();
  const [extra, setExtra] = useState<{ cards: BookingCardView[]; nextCursor: string | null } | null>(null);
  useEffect(() => setExtra(null), [cards]);
  useEffect(() => {
    const data = more.data;
    if (more.state === 'idle' && data) setExtra((e) => ({ cards: [...(e?.cards ?? []), ...(data.cards as BookingCardView[])], nextCursor: data.nextCursor }));
  }, [more.data, more.state]);
  const all = [...(cards as BookingCardView[]), ...(extra?.cards ?? [])];
  const next = extra ? extra.nextCursor : nextCursor;

  return (
    <div className="mx-auto w-full max-w-4xl">
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Bookings</h1>
        <p className="mt-1 text-slate-600">Your coaching sessions, past and upcoming.</p>
      </header>

      <nav aria-label="Booking tabs" className="mb-5 grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 text-sm font-medium">
        {MY_BOOKINGS_TABS.map((t) => (
          <Link
            key={t}
            to={`/MyBookings?tab=${t}`}
            aria-current={t === tab ? 'page' : undefined}
            className={`rounded-lg px-2 py-2 text-center ${t === tab ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {TAB_LABELS[t]}
          </Link>
        ))}
      </nav>

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
                <BookingCard card={card} tab={tab} today={today} lastDay={lastDay} />
              </li>
            ))}
          </ul>
        )}
        {next ? (
          <div className="mt-6 flex justify-center">
            <button type="button" className={secondaryButton} disabled={more.state !== 'idle'} onClick={() => more.load(`/MyBookings?tab=${tab}&cursor=${encodeURIComponent(next)}`)}>
              {more.state !== 'idle' ? 'Loading…' : 'Load more'}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
