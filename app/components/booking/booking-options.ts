import type { CoachingType } from '../../../domain/shared/catalogue';
import type { SessionOffer } from '../../../domain/shared/session-lengths';

/** One of the client's players, as the booking dialog's 'Who is this session for?' shows them. */
export interface BookingPlayer {
  readonly id: string;
  readonly name: string;
  readonly dateOfBirth: string;
}

/** A start the server offers: London wall-clock time, and the location of its range when it has one. */
export interface OfferedTime {
  readonly time: string;
  readonly location: string | null;
}

/** One London date with its offered starts, in order. */
export interface OfferedDay {
  readonly date: string;
  readonly slots: readonly OfferedTime[];
}

/** The booking dialog's data about one coach (from /api/booking-options), as JSON. */
export interface BookingOptions {
  readonly coachId: string;
  readonly coachName: string;
  readonly services: readonly { readonly value: CoachingType; readonly label: string }[];
  /** The coach's rate and chosen lengths (decision 045): the dialog lists `offeredLengths` and prices with `sessionPriceFor`. */
  readonly sessionOffer: SessionOffer;
  readonly adminFeePence: number;
  /** The session length these times are for. */
  readonly durationMinutes: number;
  /** The slot engine's starts for that length (decision 044), by London date: the only times the dialog offers. */
  readonly days: readonly OfferedDay[];
  /** The coach's age groups and the client's players (decision 017: 'Who is this session for?'). */
  readonly ageGroups?: readonly string[];
  readonly players?: readonly BookingPlayer[];
  /** The packages the coach sells, with what each saves against single sessions. */
  readonly packages?: readonly BookingPackage[];
  /** The client's packages with this coach that still have a session to book (decision 060). */
  readonly credits?: readonly BookingCredit[];
  /** The server's clock (the test clock in test mode). */
  readonly now: string;
}

/** A package of the client's that can pay for this session. */
export interface BookingCredit {
  readonly purchaseId: string;
  readonly name: string;
  readonly durationMinutes: number;
  readonly left: number;
  readonly sessions: number;
  /** '3 of 5 sessions left, valid until Thu, 28 Jan 2027'. */
  readonly summary: string;
}

/** A package as the booking dialog mentions it. */
export interface BookingPackage {
  readonly id: string;
  readonly name: string;
  readonly price: string;
  readonly saving: string | null;
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
/** The length the dialog opens with, and the one fetched ahead of it. */
export const DEFAULT_DURATION = 60;
// Answers are kept per coach and session length: each length has its own starts.
const keyOf = (coachId: string, durationMinutes: number) => `${coachId} ${durationMinutes}`;
const fetched = new Map<string, { at: number; answer: Promise<BookingOptions | null>; settled?: BookingOptions | null }>();

/**
 * A coach's booking options from the resource route, started as soon as the person reaches for
 * 'Book' (pointer or focus on the button) and joined by the dialog when it opens, so the data
 * travels while the dialog's code loads. Null when the coach
 * cannot be booked (404/403) or the answer is not the options (a sign-in page after a session ended).
 */
export function loadBookingOptions(coachId: string, durationMinutes: number = DEFAULT_DURATION): Promise<BookingOptions | null> {
  const key = keyOf(coachId, durationMinutes);
  const kept = fetched.get(key);
  if (kept && Date.now() - kept.at < FRESH_MS) return kept.answer;
  const answer = fetch(`/api/booking-options?coachId=${encodeURIComponent(coachId)}&duration=${durationMinutes}`, { headers: { Accept: 'application/json' } })
    .then(async (res) => (res.ok && res.headers.get('Content-Type')?.includes('application/json') ? ((await res.json()) as BookingOptions) : null))
    .catch(() => null);
  const entry: { at: number; answer: Promise<BookingOptions | null>; settled?: BookingOptions | null } = { at: Date.now(), answer };
  fetched.set(key, entry);
  void answer.then((options) => (entry.settled = options));
  return answer;
}

/**
 * The options already arrived (the dialog renders its form in its first frame), or undefined while
 * they are on their way or were never asked for.
 */
export function arrivedBookingOptions(coachId: string, durationMinutes: number = DEFAULT_DURATION): BookingOptions | null | undefined {
  const kept = fetched.get(keyOf(coachId, durationMinutes));
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
export function bookingOptionsWithin(coachId: string, graceMs: number, durationMinutes: number = DEFAULT_DURATION): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, graceMs);
    void loadBookingOptions(coachId, durationMinutes).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A dialog that opens again asks again (the calendar may have changed since). */
export function forgetBookingOptions(coachId: string): void {
  for (const key of [...fetched.keys()]) if (key.startsWith(`${coachId} `)) fetched.delete(key);
}
