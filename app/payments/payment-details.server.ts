import type { Booking } from '../../domain/booking/lifecycle/booking';
import { bookingTerms, bookingTermsSentences } from '../../domain/booking/money/booking-terms';
import { bookingPlayerView, playerLine } from '../../domain/accounts/players/booking-player';
import { displayName } from '../../domain/accounts/users/user';
import { COACHING_TYPE_LABELS, LOCATION_TYPE_LABELS } from '../../domain/shared/catalogue';
import { formatLondonDate, formatLondonTime } from '../../domain/shared/london-time';
import type { Repositories } from '../../domain/repositories';
import type { PaymentDetailsView } from './payment-view';

/**
 * What the Secure Payment dialog's summary says of the booking (service, date, time, duration,
 * player, place, coach) and its cancellation terms at `now`, from the stored booking: the words
 * of the terms are the domain's, at the server's clock, so they state what a cancellation then does.
 */
export async function paymentDetailsOf(read: Pick<Repositories, 'users' | 'players'>, booking: Booking, now: Date): Promise<PaymentDetailsView> {
  const [coach, player] = await Promise.all([read.users.findById(booking.coachId), booking.playerId ? read.players.findById(booking.playerId) : Promise.resolve(null)]);
  const coachName = coach ? displayName(coach) : 'your coach';
  const playerView = bookingPlayerView(player, booking.startsAt);
  const terms = bookingTerms(booking, now);
  return {
    serviceLabel: COACHING_TYPE_LABELS[booking.serviceType],
    coachName,
    date: formatLondonDate(booking.startsAt),
    time: formatLondonTime(booking.startsAt),
    durationMinutes: booking.durationMinutes,
    player: playerView ? playerLine(playerView) : 'You',
    location: [LOCATION_TYPE_LABELS[booking.locationType], booking.locationAddress].filter(Boolean).join(' · '),
    terms: bookingTermsSentences(terms, coachName),
    withinWindow: terms.kind === 'within_window',
  };
}
