import { useState } from 'react';
import type { BookingCardView } from '../../booking/booking-card-view';
import { WithdrawProposalDialog } from '~/components/lazy-dialogs';
import { dangerOutlineButton } from './button-classes';

/** 'Withdraw proposal' on the proposer's card while their new time waits for an answer, with its confirmation. */
export function WithdrawProposal({ card }: { card: BookingCardView }) {
  const [open, setOpen] = useState(false);
  if (!card.actions.includes('withdraw_reschedule')) return null;
  return (
    <>
      <button type="button" className={dangerOutlineButton} onClick={() => setOpen(true)}>
        Withdraw proposal
      </button>
      {open ? <WithdrawProposalDialog card={card} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
