import { BOOKING_STATUS_LABELS, LOCATION_TYPE_LABELS, bookingStatusColour, coachingTypeLabel, type StatusColour } from '../shared/catalogue';
import type { Pence } from '../shared/money';
import type { BookAgainSeed, BookingCardView } from './booking-card-view';
import type { RescheduleView } from './reschedule';

/**
 * What a booking card (MyBookings, CoachDashboard) says, derived from the card's own fields
 * (issue 20 §1: the page's data carries each fact once, and both the server's render and the
 * browser's derive the words from it). Pure and free of zod and Intl, so the browser bundle can
 * import it and both sides write the same text.
 */

type Card = Pick<BookingCardView, 'serviceType' | 'viewerIs' | 'status' | 'start' | 'locationType' | 'totalPricePence' | 'adminFeePence'>;

/** 'Striker & Finishing' */
export const cardServiceLabel = (card: Pick<Card, 'serviceType'>): string => coachingTypeLabel(card.serviceType);

/** '{Service} Session' */
export const cardTitle = (card: Pick<Card, 'serviceType'>): string => `${cardServiceLabel(card)} Session`;

/** The other party, as the viewer names them: 'Coach' for the client, 'Client' for the coach. */
export const otherPartyLabel = (card: Pick<Card, 'viewerIs'>): 'Coach' | 'Client' => (card.viewerIs === 'client' ? 'Coach' : 'Client');

export const cardStatusLabel = (card: Pick<Card, 'status'>): string => BOOKING_STATUS_LABELS[card.status] ?? card.status;

export const cardStatusColour = (card: Pick<Card, 'status'>): StatusColour => bookingStatusColour(card.status);

/** SPEC §2 MyBookings: a booking without a known location type is shown as Online. */
export const locationLabel = (locationType: string): string => (LOCATION_TYPE_LABELS as Record<string, string>)[locationType] ?? LOCATION_TYPE_LABELS.online;

/** The session's price without the admin fee. */
export const servicePricePence = (card: Pick<Card, 'totalPricePence' | 'adminFeePence'>): Pence => card.totalPricePence - card.adminFeePence;

export const rescheduleView = (card: Pick<BookingCardView, 'reschedule'>): RescheduleView => card.reschedule?.view ?? 'none';


const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
// en-GB's short month names, as Intl writes them (formatLondonDate): September is 'Sept'.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

/** A London wall-clock 'YYYY-MM-DDTHH:MM' split into its date 'YYYY-MM-DD' and time 'HH:MM'. */
export function splitStart(start: string): { date: string; time: string } {
  return { date: start.slice(0, 10), time: start.slice(11, 16) };
}

/** 'YYYY-MM-DD' (a London calendar date) → 'Fri, 5 Mar 2027', the words of formatLondonDate. */
export function dateLabel(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  return `${WEEKDAYS[weekdayOf(y, m, d)]}, ${d} ${MONTHS[m - 1]} ${y}`;
}

// Sakamoto's method: the Gregorian weekday (0 Sunday) in arithmetic. Splitting the date and asking
// a Date for its day took ~0.7 µs, ~1 % of a booking list's CPU (issue 20 §2).
const MONTH_OFFSETS = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4] as const;
function weekdayOf(year: number, month: number, day: number): number {
  const y = month < 3 ? year - 1 : year;
  return (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + MONTH_OFFSETS[month - 1]! + day) % 7;
}

/** The card's date in words and its London start time 'HH:MM'. */
export function cardWhen(card: Pick<Card, 'start'>): { date: string; time: string } {
  const { date, time } = splitStart(card.start);
  return { date: dateLabel(date), time };
}

/** What 'Book again' preselects: the same coach, service, length, place and player, a week after this session. */
export function bookAgainSeed(card: Pick<BookingCardView, 'bookAgain' | 'serviceType' | 'durationMinutes' | 'locationType' | 'locationAddress' | 'start'>): BookAgainSeed | null {
  if (!card.bookAgain) return null;
  const { date, time } = splitStart(card.start);
  return {
    coachId: card.bookAgain.coachId,
    serviceType: card.serviceType,
    durationMinutes: card.durationMinutes,
    locationType: card.locationType,
    locationAddress: card.locationAddress ?? null,
    playerId: card.bookAgain.playerId ?? null,
    lastDate: date,
    lastTime: time,
  };
}
