import type { Booking } from '../../domain/booking/lifecycle/booking';
import { bookingTerms, bookingTermsSentences } from '../../domain/booking/money/booking-terms';
import { bookingPlayerView, playerLine } from '../../domain/accounts/players/booking-player';
import { displayName } from '../../domain/accounts/users/user';
import { COACHING_TYPE_LABELS, LOCATION_TYPE_LABELS } from '../../domain/shared/catalogue';
import { formatLondonDate, formatLondonTime } from '../../domain/shared/london-time';
import type { Repositories } from '../../domain/repositories';
import type { PaymentDetailsView } from './payment-view';
import { awaitsSeriesPayment, seriesRequests } from '../../domain/booking/requests/card-series';
import { SERIES_RULES } from '../../domain/booking/requests/weekly-series';

/** What a card series' terms add: the first session's terms are each session's, on its own date. */
const SERIES_TERMS = 'Each session of the series follows these terms on its own, counted from its own start. If the coach declines the series, the whole hold is released.';

/**
 * What the Secure Payment dialog's summary says of the booking (service, date, time, duration,
 * player, place, coach) and its cancellation terms at `now`, from the stored booking: the words
 * of the terms are the domain's, at the server's clock, so they state what a cancellation then does.
 * A session for the client themselves reads 'You' to them, and their name to an administrator
 * taking the payment.
 */
export async function paymentDetailsOf(read: Pick<Repositories, 'users' | 'players' | 'bookings'>, booking: Booking, viewerId: string, now: Date): Promise<PaymentDetailsView> {
  const [people, player, series] = await Promise.all([
    read.users.findManyByIds([booking.coachId, booking.clientId]),
    booking.playerId ? read.players.findById(booking.playerId) : Promise.resolve(null),
    // A card series is paid in one payment for every request still asked for (decision 064).
    awaitsSeriesPayment(booking) ? read.bookings.listInSeries([booking.seriesId], SERIES_RULES.maxWeeks).then(seriesRequests) : Promise.resolve([]),
  ]);
  const coach = people.find((u) => u.id === booking.coachId);
  const client = people.find((u) => u.id === booking.clientId);
  const coachName = coach ? displayName(coach) : 'your coach';
  const self = viewerId === booking.clientId || !client ? 'You' : displayName(client);
  const playerView = bookingPlayerView(player, booking.startsAt);
  const terms = bookingTerms(booking, now);
  return {
    serviceLabel: COACHING_TYPE_LABELS[booking.serviceType],
    coachName,
    date: formatLondonDate(booking.startsAt),
    time: formatLondonTime(booking.startsAt),
    durationMinutes: booking.durationMinutes,
    player: playerView ? playerLine(playerView) : self,
    location: [LOCATION_TYPE_LABELS[booking.locationType], booking.locationAddress].filter(Boolean).join(' · '),
    terms: [...bookingTermsSentences(terms, coachName, { accepted: booking.status !== 'pending' }), ...(series.length > 1 ? [SERIES_TERMS] : [])],
    withinWindow: terms.kind === 'within_window',
    seriesDates: series.length > 1 ? series.map((s) => formatLondonDate(s.startsAt)).join(' · ') : null,
  };
}
