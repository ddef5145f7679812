import type { BookingCardView } from '../../booking/booking-card-view';
import { proposedTimeLabel } from '../../booking/reschedule-labels';

/**
 * A pending reschedule's time, beside the session's current time, on both parties' cards: the
 * proposer sees what they asked for, the other party what they are asked to answer.
 */
export function ProposedTime({ card }: { card: Pick<BookingCardView, 'reschedule'> }) {
  if (!card.reschedule) return null;
  return <p className="i-time font-semibold text-amber-800">{proposedTimeLabel(card.reschedule.proposedStart)}</p>;
}
