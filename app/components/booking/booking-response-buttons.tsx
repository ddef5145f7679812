import type { BookingCardView } from '../../booking/booking-card-view';
import { rescheduleView } from '../../booking/booking-card-labels';
import { primaryButton, secondaryButton } from './button-classes';
import { useBookingAction } from './use-booking-action';
import { WithdrawProposal } from './withdraw-proposal';

/**
 * The answers both cards offer when the domain allows them: Accept (posted at once), Decline, and
 * Reschedule or Review Reschedule (both open a dialog through `onOpen`), and the proposer's
 * Withdraw proposal. The accept fetcher lives
 * here, as long as the card does.
 */
export function BookingResponseButtons({ card, onOpen }: { card: BookingCardView; onOpen: (dialog: 'decline' | 'reschedule') => void }) {
  const { fetcher, busy } = useBookingAction({ toastErrors: true });
  const can = (a: string) => card.actions.includes(a as never);
  const reschedule = rescheduleView(card);
  return (
    <>
      {can('accept') ? (
        <fetcher.Form method="post">
          <input type="hidden" name="bookingId" value={card.id} />
          <button type="submit" name="intent" value="accept" disabled={busy} className={primaryButton}>
            {card.series ? 'Accept series' : 'Accept'}
          </button>
        </fetcher.Form>
      ) : null}
      {can('decline') ? (
        <button type="button" className={secondaryButton} onClick={() => onOpen('decline')}>
          {card.series ? 'Decline series' : 'Decline'}
        </button>
      ) : null}
      {reschedule === 'review' ? (
        <button type="button" className={primaryButton} onClick={() => onOpen('reschedule')}>
          Review Reschedule
        </button>
      ) : can('propose_reschedule') && reschedule === 'none' ? (
        <button type="button" className={secondaryButton} onClick={() => onOpen('reschedule')}>
          Reschedule
        </button>
      ) : null}
      <WithdrawProposal card={card} />
    </>
  );
}
