import { useFetcher, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { BookingCardView } from '../../booking/booking-card-view';

interface CardsPage {
  readonly cards: readonly BookingCardView[];
  readonly nextCursor: string | null;
}

/**
 * The cards a booking list page (MyBookings, CoachDashboard at `path`) shows: the loader's,
 * followed by the pages 'Load more' fetched after them. A new loader answer (another tab, a
 * revalidation after an action) starts over from it, so a card never shows twice or stale.
 * `switching` is true while another tab of the same page loads; `loadMore` is null on the last page.
 */
export function useBookingList({ path, tab, cards, nextCursor }: { path: string; tab: string; cards: readonly unknown[]; nextCursor: string | null }) {
  const navigation = useNavigation();
  const switching = navigation.state === 'loading' && navigation.location.pathname.toLowerCase() === path.toLowerCase();
  const more = useFetcher<CardsPage>();
  const [extra, setExtra] = useState<{ cards: BookingCardView[]; nextCursor: string | null } | null>(null);
  useEffect(() => setExtra(null), [cards]);
  useEffect(() => {
    const data = more.data;
    if (more.state === 'idle' && data) setExtra((e) => ({ cards: [...(e?.cards ?? []), ...(data.cards as BookingCardView[])], nextCursor: data.nextCursor }));
  }, [more.data, more.state]);
  const all = [...(cards as BookingCardView[]), ...(extra?.cards ?? [])];
  const next = extra ? extra.nextCursor : nextCursor;
  return {
    cards: all,
    switching,
    loading: more.state !== 'idle',
    loadMore: next ? () => more.load(`${path}?tab=${tab}&cursor=${encodeURIComponent(next)}`) : null,
  };
}
