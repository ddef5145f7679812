import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { Actor } from '../../domain/policy/actor';
import { bookingWindowBounds } from '../../domain/booking/requests/booking-calendar';
import { bookingCardView, type BookingCardView } from './booking-card-view';
import { BOOKING_LIST_PAGE_SIZE, parseBookingCursor, type BookingListPage } from '../../domain/booking/lists/booking-list-reader';
import { redirectFor } from '../navigation/routing';
import type { PageName } from '../navigation/pages';
import { actorOf, requireUser } from '../auth/guards.server';
import { handleBookingAction } from './booking-actions.server';
import { readModels } from './read-models.server';
import { requestDeps } from '~/request-deps.server';

/**
 * The steps MyBookings and the CoachDashboard share before they read their list: the signed-in
 * person (sent to their own page when this one is not theirs), the tab asked for (`fallback`
 * when the URL names none of `tabs`), and the page of the list to read. No SQL of its own
 * beyond the session lookup, so each page's query budget stays what its reads cost.
 */
export async function openBookingList<Tab extends string>({ request, context }: LoaderFunctionArgs, page: PageName, tabs: readonly Tab[], fallback: Tab) {
  const user = await requireUser(request, context);
  const actor = actorOf(user);
  const away = redirectFor(page, actor);
  if (away) throw redirect(`/${away}`);
  const url = new URL(request.url);
  const param = url.searchParams.get('tab');
  const tab = (tabs as readonly string[]).includes(param ?? '') ? (param as Tab) : fallback;
  return {
    user,
    actor,
    tab,
    now: context.app.clock.now(),
    commissionBps: requestDeps(context).payoutPolicy.commissionBps,
    cursor: parseBookingCursor(url.searchParams.get('cursor')),
    limit: BOOKING_LIST_PAGE_SIZE,
    lists: readModels(context).bookingLists,
  };
}

/** A page of the list as its cards for `actor` (coaches' earnings at `commissionBps`), and the days a reschedule may pick from. */
export function bookingListAnswer(page: BookingListPage, actor: Actor, now: Date, commissionBps: number) {
  const cards = page.items.map((item) => bookingCardView(item, actor, now, commissionBps)).filter((c): c is BookingCardView => c !== null);
  return { cards, nextCursor: page.nextCursor, ...bookingWindowBounds(now) };
}

/** Every booking action of both pages (intent + bookingId), through the domain's use cases. */
export async function bookingListAction({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return handleBookingAction(request, context, actorOf(user));
}
