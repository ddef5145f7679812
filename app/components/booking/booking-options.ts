import type { CoachingType } from '../../../domain/shared/catalogue';
import type { SessionOffer } from '../../../domain/shared/session-lengths';

/** One of the client's players, as the booking dialog's 'Who is this session for?' shows them. */
export interface BookingPlayer {
  readonly id: string;
  readonly name: string;
  readonly dateOfBirth: string;
}

/** The booking dialog's data about one coach (from /api/booking-options), as JSON. */
export interface BookingOptions {
  readonly coachId: string;
  readonly coachName: string;
  readonly services: readonly { readonly value: CoachingType; readonly label: string }[];
  /** The coach's rate and chosen lengths (decision 045): the dialog lists `offeredLengths` and prices with `sessionPriceFor`. */
  readonly sessionOffer: SessionOffer;
  readonly adminFeePence: number;
  readonly availability: readonly { readonly startsAt: string; readonly endsAt: string; readonly isAvailable: boolean }[];
  readonly busy: readonly { readonly startsAt: string; readonly endsAt: string }[];
  /** The coach's age groups and the client's players (decision 017: 'Who is this session for?'). */
  readonly ageGroups?: readonly string[];
  readonly players?: readonly BookingPlayer[];
  /** The server's clock (the test clock in test mode). */
  readonly now: string;
}

/**
 * What a page already knows when 'Book' is pressed (the coach's card, the page's loader): the
 * dialog's first frame is the whole form from it, and the coach's calendar, when it arrives,
 * enables the days that can be booked.
 */
export interface BookingPreview {
  readonly services: readonly CoachingType[];
  readonly sessionOffer: SessionOffer;
  readonly players: readonly BookingPlayer[];
  /** The server's clock when the page was loaded: the calendar's month before the answer. */
  readonly now: string;
}

/** How long an answer fetched ahead (on the way to 'Book') may serve a dialog opened later. */
const FRESH_MS = 30_000;
const fetched = new Map<string, { at: number; answer: Promise<BookingOptions | null>; settled?: BookingOptions | null }>();

/**
 * A coach's booking options from the resource route, started as soon as the person reaches for
 * 'Book' (pointer or focus on the button) and joined by the dialog when it opens, so the data
 * travels while the dialog's code loads. Null when the coach
 * cannot be booked (404/403) or the answer is not the options (a sign-in page after a session ended).
 */
export function loadBookingOptions(coachId: string): Promise<BookingOptions | null> {
  const kept = fetched.get(coachId);
  if (kept && Date.now() - kept.at < FRESH_MS) return kept.answer;
  const answer = fetch(`/api/booking-options?coachId=${encodeURIComponent(coachId)}`, { headers: { Accept: 'application/json' } })
    .then(async (res) => (res.ok && res.headers.get('Content-Type')?.includes('application/json') ? ((await res.json()) as BookingOptions) : null))
    .catch(() => null);
  const entry: { at: number; answer: Promise<BookingOptions | null>; settled?: BookingOptions | null } = { at: Date.now(), answer };
  fetched.set(coachId, entry);
  void answer.then((options) => (entry.settled = options));
  return answer;
}

/**
 * The options already arrived (the dialog renders its form in its first frame), or undefined while
 * they are on their way or were never asked for.
 */
export function arrivedBookingOptions(coachId: string): BookingOptions | null | undefined {
  const kept = fetched.get(coachId);
  return kept && Date.now() - kept.at < FRESH_MS ? kept.settled : undefined;
}

/** How long 'Book again' waits for the coach's calendar before its dialog opens saying it is loading (its first frame needs the calendar: it offers the slot a week after the last session, if free). */
export const BOOK_OPEN_GRACE_MS = 120;

/**
 * Resolves once a coach's options have arrived, or after `graceMs` if they have not: 'Book again'
 * opens the dialog then, with its form in the first frame when the answer was quick, instead of a
 * 'Loading' frame followed at once by a second render, layout and paint of the whole dialog
 * (on a phone, the frame nobody could use).
 */
export function bookingOptionsWithin(coachId: string, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, graceMs);
    void loadBookingOptions(coachId).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A dialog that opens again asks again (the calendar may have changed since). */
export function forgetBookingOptions(coachId: string): void {
  fetched.delete(coachId);
}
