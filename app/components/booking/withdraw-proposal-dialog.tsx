import type { BookingCardView } from '../../booking/booking-card-view';
import { cardWhen } from '../../booking/booking-card-labels';
import { shortStartLabel } from '../../booking/reschedule-labels';
import { FormAlert, Modal, dangerButton, secondaryButton } from './modal';
import { useBookingAction } from './use-booking-action';

/** Asks the proposer to confirm taking back their proposed time; the session keeps its current time. */
export function WithdrawProposalDialog({ card, onClose }: { card: BookingCardView; onClose: () => void }) {
  const { fetcher, busy, error, errorDetail } = useBookingAction({ onSuccess: onClose });
  const current = cardWhen(card);
  const proposed = card.reschedule ? shortStartLabel(card.reschedule.proposedStart) : null;
  return (
    <Modal
      title="Withdraw proposal"
      description={`${proposed ? `Your proposal to move this session to ${proposed} will be withdrawn. ` : ''}The session stays on ${current.date} at ${current.time}, and ${card.otherPartyName} will be told.`}
      onClose={onClose}
    >
      <FormAlert message={error} detail={errorDetail} />
      <fetcher.Form method="post" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value="withdraw_reschedule" />
        <input type="hidden" name="bookingId" value={card.id} />
        <button type="button" onClick={onClose} className={secondaryButton}>
          Keep proposal
        </button>
        <button type="submit" disabled={busy} className={dangerButton}>
          {busy ? 'Please wait…' : 'Withdraw proposal'}
        </button>
      </fetcher.Form>
    </Modal>
  );
}
