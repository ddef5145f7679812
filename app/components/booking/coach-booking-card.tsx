import { Link } from '@remix-run/react';
import { memo, useState } from 'react';
import type { BookingCardView } from '../../booking/booking-card-view';
import { cardServiceLabel } from '../../booking/booking-card-labels';
import { BookingCardBadges, BookingCardNotices, Detail, PlayerPanel, SeriesLine, SessionWhenWhere } from './booking-card-parts';
import { BookingResponseButtons } from './booking-response-buttons';
import { RespondBy } from './respond-by';
import { dangerOutlineButton, primaryButton, secondaryButton } from './button-classes';
import { DeclineDialog, ReasonDialog, RescheduleDialog, ReviewDialog } from '~/components/lazy-dialogs';
import { SessionProgress } from './session-progress';
import { CancellationMoneyNote } from './cancellation-money-note';
import { CoachEarnsLine } from './payment-state';

/**
 * A CoachDashboard card (SPEC §2): 'Session with {client}', the session's details and the coach's
 * actions, with Leave Review on a completed session (SPEC §6: the coach reviews the client).
 * Memoised, with no react-router hook of its own: another card's action renders it again only
 * when the list answers.
 */
export const CoachBookingCard = memo(function CoachBookingCard({ card, today, lastDay }: { card: BookingCardView; today: string; lastDay: string }) {
  const [dialog, setDialog] = useState<'decline' | 'cancel' | 'reschedule' | 'review' | null>(null);
  const can = (a: string) => card.actions.includes(a as never);
  const close = () => setDialog(null);
  // The coach's cards: the other party is the client.
  const clientName = card.otherPartyName;
  return (
    <article id={`booking-${card.id}`} className="card" aria-label={`Session with ${clientName}`}>
      <div className="bk-head">
        <div>
          <h3>{`Session with ${clientName}`}</h3>
          <p className="muted">
            {`${cardServiceLabel(card)} · `}
            <span className="bk-ref">{card.referenceCode}</span>
          </p>
        </div>
        <BookingCardBadges card={card} />
      </div>
      <div className="bk-dl mt-3">
        <SessionWhenWhere card={card} />
        {card.status === 'pending' ? <Detail icon="price">{card.paymentHeld ? "Payment held on the client's card" : "Awaiting the client's payment"}</Detail> : null}
        {card.respondBy ? <RespondBy at={card.respondBy} className="i-time" /> : null}
      </div>
      <CoachEarnsLine card={card} />
      <SeriesLine card={card} />
      <PlayerPanel card={card} withNotes />
      {card.clientNotes ? (
        <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <q>{card.clientNotes}</q>
        </p>
      ) : null}
      <BookingCardNotices card={card} proposer={clientName} />
      {card.progress && (card.status === 'confirmed' || card.status === 'in_session') ? <SessionProgress card={card} progress={card.progress} /> : null}

      <div className="bk-acts">
        <BookingResponseButtons card={card} onOpen={setDialog} />
        {card.canReview ? (
          <button type="button" className={primaryButton} onClick={() => setDialog('review')}>
            Leave Review
          </button>
        ) : null}
        <Link to={`/Conversation?booking_id=${card.id}`} className={secondaryButton}>
          Message Client
        </Link>
        {can('cancel_as_coach') ? (
          <button type="button" className={`${dangerOutlineButton} bk-apart`} onClick={() => setDialog('cancel')}>
            Cancel Booking
          </button>
        ) : null}
      </div>

      {dialog === 'decline' ? <DeclineDialog bookingId={card.id} clientName={clientName} notice={<CancellationMoneyNote card={card} />} onClose={close} /> : null}
      {dialog === 'cancel' ? (
        <ReasonDialog
          title="Cancel Booking"
          description={card.paidFromPackage ? `The session goes back to ${clientName}’s package.` : `${clientName} will get a full refund, including the admin fee.`}
          intent="cancel"
          bookingId={card.id}
          label="Reason for cancelling"
          placeholder="This will be shared with the client."
          notice={<CancellationMoneyNote card={card} />}
          confirmLabel="Cancel Booking"
          cancelLabel="Keep Booking"
          onClose={close}
        />
      ) : null}
      {dialog === 'reschedule' ? <RescheduleDialog card={card} today={today} lastDay={lastDay} onClose={close} /> : null}
      {dialog === 'review' ? <ReviewDialog bookingId={card.id} revieweeLabel="Client" revieweeName={clientName} onClose={close} /> : null}
    </article>
  );
});
