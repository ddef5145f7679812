import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { bookingWindowDays } from '../../domain/booking/booking-calendar';
import { bookingCardView, type BookingCardView } from '../../domain/booking/booking-card-view';
import { BOOKING_LIST_PAGE_SIZE, parseBookingCursor } from '../../domain/booking/booking-list-reader';
import { COACH_DASHBOARD_GROUPS, type CoachDashboardGroup } from '../../domain/booking/booking-lists';
import { redirectFor } from '../../domain/navigation/routing';
import { actorOf, requireUser } from '~/auth/guards.server';
import { handleBookingAction } from '~/booking/booking-actions.server';
import { readModels } from '~/booking/read-models.server';
import { CoachBookingCard } from '~/components/booking/coach-booking-card';
import { secondaryButton } from '~/components/booking/modal';

export const meta: MetaFunction = () => [{ title: 'Coach Dashboard — FACT' }];

const LABELS: Record<CoachDashboardGroup, string> = { pending: 'Pending', upcoming: 'Upcoming', history: 'History' };
const EMPTY: Record<CoachDashboardGroup, string> = {
  pending: 'No pending booking requests.',
  upcoming: 'You have no upcoming sessions.',
  history: 'No past sessions found.',
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorOf(user);
  const away = redirectFor('CoachDashboard', actor);
  if (away) throw redirect(`/${away}`);
  const url = new URL(request.url);
  const param = url.searchParams.get('tab');
  const group: CoachDashboardGroup = (COACH_DASHBOARD_GROUPS as readonly string[]).includes(param ?? '') ? (param as CoachDashboardGroup) : 'pending';
  const models = readModels(context);
  const now = context.app.clock.now();
  const counts = await models.bookingLists.coachDashboardCounts(user.id);
  const page = await models.bookingLists.coachDashboard({ coachId: user.id, group, cursor: parseBookingCursor(url.searchParams.get('cursor')), limit: BOOKING_LIST_PAGE_SIZE });
  const cards = page.items.map((item) => bookingCardView(item, actor, now)).filter((c): c is BookingCardView => c !== null);
  const days = bookingWindowDays(now);
  return json({ group, counts, cards, nextCursor: page.nextCursor, today: days[0]!, lastDay: days.at(-1)! });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return handleBookingAction(request, context, actorOf(user));
}

export default function CoachDashboard() {
  const { group, counts, cards, nextCursor, today, lastDay } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const switching = navigation.state === 'loading' && navigation.location.pathname.toLowerCase() === '/coachdashboard';
  const more = useFetcher<typeof loader>();
  const [extra, setExtra] = useState<{ cards: BookingCardView[]; nextCursor: string | null } | null>(null);
  useEffect(() => setExtra(null), [cards]);
  useEffect(() => {
    const data = more.data;
    if (more.state === 'idle' && data) setExtra((e) => ({ cards: [...(e?.cards ?? []), ...(data.cards as BookingCardView[])], nextCursor: data.nextCursor }));
  }, [more.data, more.state]);
  const all = [...(cards as BookingCardView[]), ...(extra?.cards ?? [])];
  const next = extra ? extra.nextCursor : nextCursor;
  const n = counts.pending;

  return (
    <div className="mx-auto w-full max-w-4xl">
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Coach Dashboard</h1>
        <p className="mt-1 text-slate-600">Manage your bookings and schedule.</p>
      </header>

      {n > 0 ? (
        <div role="status" className="mb-5 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
          <span aria-hidden="true" className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-amber-400 text-sm font-bold text-amber-950">
            !
          </span>
          <p className="text-sm text-amber-900">
            <strong className="font-semibold">New Booking Requests:</strong> You have {n} new {n === 1 ? 'request' : 'requests'} to review.
          </p>
        </div>
      ) : null}

      <nav aria-label="Booking groups" className="mb-5 grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 text-sm font-medium">
        {COACH_DASHBOARD_GROUPS.map((g) => (
          <Link
            key={g}
            to={`/CoachDashboard?tab=${g}`}
            aria-current={g === group ? 'page' : undefined}
            className={`rounded-lg px-2 py-2 text-center ${g === group ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {LABELS[g]} ({counts[g]})
          </Link>
        ))}
      </nav>

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
        {next ? (
          <div className="mt-6 flex justify-center">
            <button type="button" className={secondaryButton} disabled={more.state !== 'idle'} onClick={() => more.load(`/CoachDashboard?tab=${group}&cursor=${encodeURIComponent(next)}`)}>
              {more.state !== 'idle' ? 'Loading…' : 'Load more'}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
