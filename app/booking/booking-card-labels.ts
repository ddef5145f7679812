import { BOOKING_STATUS_LABELS, LOCATION_TYPE_LABELS, coachingTypeLabel } from '../../domain/shared/catalogue';
import { bookingStatusColour, type StatusColour } from './status-colour';
import type { Pence } from '../../domain/shared/money';
import { formatLondonDate } from '../../domain/shared/london-time';
import type { BookAgainSeed, BookingCardView } from './booking-card-view';
import type { RescheduleView } from '../../domain/booking/reschedule/reschedule';

/**
 * What a booking card (MyBookings, CoachDashboard) says, derived from the card's own fields
 * (the page's data carries each fact once, and both the server's render and the
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

/** A London wall-clock 'YYYY-MM-DDTHH:MM' split into its date 'YYYY-MM-DD' and time 'HH:MM'. */
export function splitStart(start: string): { date: string; time: string } {
  return { date: start.slice(0, 10), time: start.slice(11, 16) };
}

/** 'YYYY-MM-DD' (a London calendar date) → 'Fri, 5 Mar 2027', the words of formatLondonDate. */
export function dateLabel(date: string): string {
  // Noon UTC falls on the same London date whatever the season.
  return formatLondonDate(new Date(`${date}T12:00:00Z`));
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
