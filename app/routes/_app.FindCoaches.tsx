import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData, useNavigate, useNavigation, useSearchParams, useSubmit } from '@remix-run/react';
import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import type { CoachDirectory, CoachForBooking } from '../../domain/booking/requests/coach-directory';
import { submitBookingRequest, submitSeriesRequest } from '../../domain/booking/requests/use-cases/submit-booking-request';
import { seriesAmountPence } from '../../domain/booking/requests/card-series';
import { ok } from '../../domain/shared/result';
import { redirectFor } from '../navigation/routing';
import {
  COACH_SEARCH_PAGE_SIZE,
  activeFilterCount,
  filtersFromSearchParams,
  foundCoachesText,
  parseSearchCursor,
  type CoachCard as CoachCardData,
  type CoachSearchPage,
} from '../../domain/search/coach-search';
import { coachingTypeLabel } from '../../domain/shared/catalogue';
import { bookingRefusalMessage } from '../../domain/booking/lifecycle/booking-errors';
import type { DomainError } from '../../domain/shared/errors';
import { collectFormEntries } from '../../domain/validation/parse-form';
import { actorOf, getCurrentUser, requireUser } from '~/auth/guards.server';
import { canonicalUrl } from '~/public/canonical.server';
import { FIND_COACHES_DESCRIPTION, publicPageMeta } from '~/public/page-meta';
import { countPublicVisit } from '~/public/public-visit.server';
import { failure, intentOf } from '~/booking/domain-response.server';
import { bookingDeps, readModels } from '~/booking/read-models.server';
import type { BookedSummary } from '~/components/booking/booking-dialog';
import { BookingDialog } from '~/components/lazy-dialogs';
import { loadBookingOptions, type BookingPreview } from '~/components/booking/booking-options';
import { CoachCard, CoachCardPlaceholder } from '~/components/booking/coach-card';
import { useNextAvailable } from '~/components/booking/use-next-available';
import { useViewer } from '~/components/shell/shell-user';
import { loginPathFor } from '~/auth/signed-out';
import { playerForFilter } from '~/booking/player-for-filter';
import { coachProfileBookPath } from '~/public/profile-actions-paths';
import { primaryButton, secondaryButton } from '~/components/booking/button-classes';
import { PaymentStep } from '~/components/booking/payment-step';
import { SearchFilters } from '~/components/booking/search-filters';
import { loadPlayerRows } from '~/profile/player-actions.server';
import { withNearPlace } from '~/search/near-place.server';
import { homePlaceSearch } from '~/search/home-place.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => publicPageMeta({ title: 'Find Coaches · FACT', description: FIND_COACHES_DESCRIPTION, canonical: data?.canonical ?? '/FindCoaches' });

/** Signed in or not (decision 048): a signed-out visitor searches the same coaches, counted per IP, with no players. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request, context);
  if (user) {
    const away = redirectFor('FindCoaches', actorOf(user));
    if (away) throw redirect(`/${away}`);
  } else await countPublicVisit(context, 'FindCoaches');
  const url = new URL(request.url);
  const home = homePlaceSearch(user, url);
  if (home) throw redirect(home);
  const { filters, nearPlace } = await withNearPlace(context, filtersFromSearchParams(url.searchParams));
  const cursor = parseSearchCursor(filters, url.searchParams.get('cursor'));
  const [page, players] = await Promise.all([
    readModels(context).coachSearch.search(filters, { cursor, limit: COACH_SEARCH_PAGE_SIZE }),
    // Decision 017: the client's players as quick age-group choices (not for 'Load more' pages).
    cursor === null && user ? loadPlayerRows(context, user) : Promise.resolve([]),
  ]);
  // The filters (the URL) and the viewer (the shell's user) are not sent again.
  // The players' names and birth dates, and the server's clock, let the booking dialog show its
  // whole form in the frame after 'Book', before the coach's calendar arrives.
  return {
    page,
    players: players.map((p) => ({ id: p.id, firstName: p.firstName, name: p.name, dateOfBirth: p.dateOfBirth, ageGroup: p.ageGroup, ageGroupLabel: p.ageGroupLabel })),
    now: context.app.clock.now().toISOString(),
    nearPlace,
    hasHomePlace: Boolean(user?.homePlaceId),
    canonical: canonicalUrl(context, request, '/FindCoaches'),
  };
}

/** intent=book: the booking dialog's submit (SPEC §2), through the domain's submitBookingRequest. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorOf(user);
  const form = await request.formData();
  const intent = intentOf(form, ['book'] as const);
  if (intent !== 'book') return json({ ok: false, intent: 'unknown', message: 'Unknown action', fieldErrors: {} }, { status: 400 });
  const fields = collectFormEntries(form.entries());
  // The use case looks the coach up; keep what it found for the summary instead of asking again.
  const deps = bookingDeps(context);
  let coach: CoachForBooking | null = null;
  const coaches: CoachDirectory = { findCoachForBooking: async (id) => (coach = await deps.coaches.findCoachForBooking(id)) };
  const submitted = { actor, coachId: fields.coachId, form: fields };
  // 'Repeat weekly' sends every session's start (decision 062); the summary is of the first.
  const result =
    fields.seriesStarts !== undefined
      ? await submitSeriesRequest({ ...deps, coaches }, submitted).then((r) => (r.ok ? ok({ booking: r.value.bookings[0]!, seriesSessions: r.value.bookings.length, series: r.value }) : r))
      : await submitBookingRequest({ ...deps, coaches }, submitted).then((r) => (r.ok ? ok({ booking: r.value, seriesSessions: null, series: null }) : r));
  if (!result.ok) {
    context.log.info({ userId: user.id, code: result.error.code, action: 'book' }, 'booking refused');
    return failure(bookingRefusal(result.error), 'book');
  }
  const b = result.value.booking;
  // A series paid by card is paid in one payment: every session and the admin fee once (decision 064).
  const series = result.value.series?.series.paidBy === 'card' ? result.value.series : null;
  const seriesTotalPence = series ? seriesAmountPence(series.series, series.bookings) : 0;
  const booking: BookedSummary = {
    id: b.id,
    referenceCode: b.referenceCode,
    coachName: (coach as CoachForBooking | null)?.fullName ?? 'your coach',
    serviceLabel: coachingTypeLabel(b.serviceType),
    durationMinutes: b.durationMinutes,
    servicePricePence: series ? seriesTotalPence - series.series.adminFeePence : b.servicePricePence,
    adminFeePence: series ? series.series.adminFeePence : b.adminFeePence,
    totalPricePence: series ? seriesTotalPence : b.totalPricePence,
    paidFromPackage: Boolean(b.packagePurchaseId),
    seriesSessions: result.value.seriesSessions,
  };
  return json({ ok: true as const, intent: 'book' as const, booking });
}

/**
 * A booking the server refuses reads as SPEC §8 words it (bookingRefusalMessage). A form error
 * keeps its own words (SPEC §5: the first validation message), and so does the rate limit ('Too
 * many booking attempts. Please wait until {time}').
 */
function bookingRefusal(error: DomainError): DomainError {
  if (error.kind === 'invalid' || error.kind === 'rate_limited') return error;
  return { ...error, message: bookingRefusalMessage(error.message) };
}

export default function FindCoaches() {
  const { page, players, now, nearPlace, hasHomePlace } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const viewer = useViewer();
  const viewerId = viewer?.id ?? null;
  const navigate = useNavigate();
  // The player the 'For …' choice searched for: the dialog (and the profile a card opens) chooses them.
  const forPlayerId = playerForFilter(players, filters.ageGroup);
  const navigation = useNavigation();
  // Asked here, not in the memoised filters below: react-router's hooks read its route context,
  // which is new on each of a navigation's states, and a memoised component that reads it renders
  // again anyway. The function is stable.
  const submit = useSubmit();
  const loading = navigation.state === 'loading' && navigation.location.pathname.toLowerCase() === '/findcoaches';
  // 'Searching…' and the dimmed, busy list only once a search has waited
  // SEARCHING_DELAY_MS. A quicker answer goes straight to its results, without a flash of the
  // waiting state (kept for that: it did not measurably speed up a filter change).
  // The six placeholder cards (SPEC §2) replace the results only when a search takes longer than
  // PLACEHOLDER_DELAY_MS.
  const searching = useAfterDelay(loading, SEARCHING_DELAY_MS);
  const slowLoading = useAfterDelay(loading, PLACEHOLDER_DELAY_MS);
  const [bookingWith, setBookingWith] = useState<CoachCardData | null>(null);
  // Signed out, 'Book' asks them to log in or register, and brings them back to this coach with the dialog open.
  const onBook = useMemo(() => (viewer ? setBookingWith : (c: CoachCardData) => navigate(loginPathFor(coachProfileBookPath(c.userId)))), [viewer, navigate]);
  const [booked, setBooked] = useState<BookedSummary | null>(null);
  const { coaches, nextCursor, loadMore, loadingMore } = usePagedCoaches(page);
  const active = activeFilterCount(filters);
  // Booking is this page's main action: its dialog's code comes once the page is idle, and a
  // coach's calendar as soon as the pointer or the focus reaches their 'Book'.
  useEffect(() => whenIdle(() => BookingDialog.preload()), []);
  // 'Book' sets the coach (a stable setter: opening the dialog re-renders neither the cards nor the
  // filters). The dialog opens at once with its whole form from the card; the coach's calendar, asked for on the way to 'Book', enables its days when it arrives.
  const preview = useMemo<BookingPreview | null>(
    () => (bookingWith ? { services: bookingWith.servicesOffered, sessionOffer: bookingWith.sessionOffer, players, now } : null),
    [bookingWith, players, now],
  );

  return (
    <div className="mx-auto w-full max-w-6xl">
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Find a Coach</h1>
        <p className="mt-1 text-slate-600">Browse football coaches near you and book a one-to-one session.</p>
      </header>

      <SearchFilters filters={filters} active={active} players={players} submit={submit} nearPlace={nearPlace} hasHomePlace={hasHomePlace} />

      <div className="mb-4 flex flex-wrap items-center justify-between gap-2" aria-live="polite">
        {/* Keyed by the search: each answer is a new line, which the live region announces even when
            the count is the one it already showed (a quick search says no 'Searching…'). */}
        <p key={searchParams.toString()} className="text-sm font-medium text-slate-700">
          {searching ? 'Searching…' : foundCoachesText(page.total)}
        </p>
        {active > 0 ? (
          <Link to={hasHomePlace ? '/FindCoaches?near=' : '/FindCoaches'} className="text-sm font-medium text-pitch-700 hover:underline">
            Clear all filters
          </Link>
        ) : null}
      </div>

      {slowLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading coaches">
          {Array.from({ length: 6 }, (_, i) => (
            <CoachCardPlaceholder key={i} />
          ))}
        </div>
      ) : coaches.length === 0 ? (
        <EmptyState anyCoachListed={page.anyCoachListed} />
      ) : (
        <>
          <div aria-busy={searching || undefined} className={searching ? 'opacity-60 transition-opacity' : undefined}>
            <CoachList coaches={coaches} viewerId={viewerId} forPlayerId={forPlayerId} onBook={onBook} />
          </div>
          {nextCursor ? (
            <div className="mt-6 flex justify-center">
              <button type="button" onClick={loadMore} disabled={loadingMore} className={secondaryButton}>
                {loadingMore ? 'Loading…' : 'Load more'}
              </button>
            </div>
          ) : null}
        </>
      )}

      {bookingWith && preview ? (
        <BookingDialog
          key={bookingWith.userId}
          coachId={bookingWith.userId}
          coachName={bookingWith.fullName ?? 'Coach'}
          preview={preview}
          playerId={forPlayerId}
          onClose={() => setBookingWith(null)}
          onBooked={(b) => {
            setBookingWith(null);
            setBooked(b);
          }}
        />
      ) : null}
      {booked ? <PaymentStep booking={booked} onDone={() => setBooked(null)} /> : null}
    </div>
  );
}

/** How long a search may wait for its answer before the page says 'Searching…' and dims the cards. */
export const SEARCHING_DELAY_MS = 150;
/** How long a search may take before its results make way for the placeholder cards. */
export const PLACEHOLDER_DELAY_MS = 300;

/** `on`, once it has stayed true for `ms` milliseconds; false again as soon as it is false. */
function useAfterDelay(on: boolean, ms: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!on) return setLate(false);
    // A transition, as the router's own updates are: React renders pending transitions together, so
    // a timer that fires after the answer but before its results render joins that render (where
    // `on` is already false) instead of committing 'Searching…' on its own just before them.
    const id = window.setTimeout(() => startTransition(() => setLate(true)), ms);
    return () => window.clearTimeout(id);
  }, [on, ms]);
  return on && late;
}

const reachBooking = (coach: CoachCardData) => void loadBookingOptions(coach.userId);

/** The cards: rendered again only when the coaches change (not while a search loads, nor when a dialog opens or closes). */
const CoachList = memo(function CoachList({
  coaches,
  viewerId,
  forPlayerId,
  onBook,
}: {
  coaches: readonly CoachCardData[];
  viewerId: string | null;
  forPlayerId: string | null;
  onBook: (coach: CoachCardData) => void;
}) {
  const nextAvailable = useNextAvailable(coaches);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {/* Keyed by position: a new search updates the cards in place instead of replacing 20 of
          them (a card holds no state of its own). */}
      {coaches.map((c, i) => (
        <li key={i}>
          <CoachCard
            coach={c}
            nextAvailable={nextAvailable.get(c.userId)}
            canBook={c.userId !== viewerId}
            onBook={onBook}
            onReachBook={viewerId ? reachBooking : undefined}
            forPlayerId={forPlayerId}
          />
        </li>
      ))}
    </ul>
  );
});

/** The first page from the loader plus the pages 'Load more' fetched (keyset cursor). */
function usePagedCoaches(first: CoachSearchPage) {
  const fetcher = useFetcher<{ page: CoachSearchPage }>();
  const firstCoaches = first.coaches;
  const [more, setMore] = useState<{ coaches: CoachCardData[]; nextCursor: string | null } | null>(null);
  useEffect(() => setMore(null), [first]);
  useEffect(() => {
    const next = fetcher.data?.page;
    if (fetcher.state === 'idle' && next) setMore((m) => ({ coaches: [...(m?.coaches ?? []), ...next.coaches], nextCursor: next.nextCursor }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);
  const nextCursor = more ? more.nextCursor : first.nextCursor;
  const coaches = useMemo(() => (more ? [...firstCoaches, ...more.coaches] : firstCoaches), [firstCoaches, more]);
  return {
    coaches,
    nextCursor,
    loadingMore: fetcher.state !== 'idle',
    loadMore: () => {
      if (!nextCursor) return;
      const params = new URLSearchParams(window.location.search);
      params.set('cursor', nextCursor);
      fetcher.load(`/FindCoaches?${params.toString()}`);
    },
  };
}

function EmptyState({ anyCoachListed }: { anyCoachListed: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      {anyCoachListed ? (
        <>
          <h2 className="text-lg font-semibold text-slate-900">No coaches found</h2>
          <p className="mt-1 text-sm text-slate-600">Try other words, or widen the price or location.</p>
          <Link to="/FindCoaches" className={`${secondaryButton} mt-5`}>
            Clear all filters
          </Link>
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold text-slate-900">No coaches yet</h2>
          <p className="mt-1 text-sm text-slate-600">Coaches will appear here as soon as they join. Are you a coach?</p>
          <Link to="/Register?type=coach" className={`${primaryButton} mt-5`}>
            Become a Coach
          </Link>
        </>
      )}
    </div>
  );
}

/** Runs `task` when the browser is idle (or after 1 s where it cannot say); the cleanup cancels it. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1000);
  return () => window.clearTimeout(id);
}
