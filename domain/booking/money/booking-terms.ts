import { HOUR_MS } from '../../shared/clock';
import { utcToLondon } from '../../shared/london-time';
import { formatPence, type Pence } from '../../shared/money';
import type { Booking } from '../lifecycle/booking';
import { cancellationSettlement, FREE_CANCELLATION_HOURS } from './cancellation-policy';

type Priced = Pick<Booking, 'startsAt' | 'servicePricePence' | 'adminFeePence' | 'totalPricePence'>;

/**
 * A booking's cancellation terms as the client reads them before paying (PRODUCT.md 'Open
 * browsing, clear terms'), derived from the cancellation policy itself so the words can never
 * promise other amounts than a cancellation then moves. Before the coach accepts, cancelling
 * always releases the hold in full; the terms are about a confirmed session.
 */
export type BookingTerms =
  | {
      /** The client may cancel a confirmed session for a full refund until `freeUntil`. */
      readonly kind: 'free_until';
      readonly freeUntil: Date;
      readonly totalPence: Pence;
      /** After `freeUntil`: what goes to the coach and what comes back. */
      readonly lateKeptPence: Pence;
      readonly lateRefundPence: Pence;
    }
  | {
      /** The session starts within the free-cancellation window: once accepted, a cancellation keeps the session price. */
      readonly kind: 'within_window';
      readonly totalPence: Pence;
      readonly lateKeptPence: Pence;
      readonly lateRefundPence: Pence;
    };

/** When a confirmed session stops being free to cancel: 24 hours before its start. */
export const freeCancellationEnds = (startsAt: Date): Date => new Date(startsAt.getTime() - FREE_CANCELLATION_HOURS * HOUR_MS);

/** What a client's cancellation of the confirmed session inside the window keeps for the coach and refunds. */
export function lateCancellationSplit(booking: Priced): { keptPence: Pence; refundPence: Pence } {
  // Any instant inside the window gives the late settlement; the start itself is one.
  const late = cancellationSettlement(booking, 'confirmed', 'client', booking.startsAt);
  return { keptPence: late.keptPence, refundPence: late.refundPence };
}

/** The terms of a booking paid at `at`. */
export function bookingTerms(booking: Priced, at: Date): BookingTerms {
  const freeUntil = freeCancellationEnds(booking.startsAt);
  const late = lateCancellationSplit(booking);
  const now = cancellationSettlement(booking, 'confirmed', 'client', at);
  const amounts = { totalPence: booking.totalPricePence, lateKeptPence: late.keptPence, lateRefundPence: late.refundPence };
  return now.rule === 'client_early' ? { kind: 'free_until', freeUntil, ...amounts } : { kind: 'within_window', ...amounts };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'Wed 2 Dec, 18:00' in London time. */
export function termsInstantLabel(instant: Date): string {
  const { date, time } = utcToLondon(instant);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${weekday} ${d} ${MONTHS[m - 1]}, ${time}`;
}

/**
 * The terms in words: 'Free cancellation until Wed 2 Dec, 18:00. After that £40.00 goes to the
 * coach and £3.00 is refunded.' — or, inside the window, the plain statement that a cancellation
 * once the coach accepts no longer refunds the session price (`accepted`: they already have).
 */
export function bookingTermsSentences(terms: BookingTerms, coachName = 'the coach', { accepted = false }: { accepted?: boolean } = {}): string[] {
  const split = `${formatPence(terms.lateKeptPence)} goes to the coach and ${formatPence(terms.lateRefundPence)} is refunded`;
  if (terms.kind === 'free_until') return [`Free cancellation until ${termsInstantLabel(terms.freeUntil)}. After that ${split}.`];
  // A booking the coach has already accepted (an administrator taking its payment) has no 'until they accept'.
  if (accepted)
    return [
      `This session starts within ${FREE_CANCELLATION_HOURS} hours and ${coachName} has accepted it, so it can no longer be cancelled for a refund of the session price: if you cancel, ${split}.`,
    ];
  return [
    `This session starts within ${FREE_CANCELLATION_HOURS} hours, so once ${coachName} accepts it can no longer be cancelled for a refund of the session price: if you cancel then, ${split}.`,
    `Until ${coachName} accepts, cancelling releases the full ${formatPence(terms.totalPence)} held on your card.`,
  ];
}
