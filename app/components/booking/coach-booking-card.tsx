import { Link } from '@remix-run/react';
import { useState } from 'react';
import type { BookingCardView } from '../../../domain/booking/booking-card-view';
import { BookingCardBadges, BookingCardNotices, Detail, PlayerPanel, SessionWhenWhere } from './booking-card-parts';
import { BookingResponseButtons } from './booking-response-buttons';
import { dangerButton, primaryButton, secondaryButton } from './modal';
import { DeclineDialog, ReasonDialog, RescheduleDialog, ReviewDialog } from '~/components/lazy-dialogs';
import { SessionProgress } from './session-progress';

/**
 * A CoachDashboard card (SPEC §2): 'Session with {client}', the session's details and the coach's
 * actions, with Leave Review on a completed session (SPEC §6: the coach reviews the client).
 */
export function CoachBookingCard({ card, today, lastDay }: { card: BookingCardView; today: string; lastDay: string }) {
  const [dialog, setDialog] = useState<'decline' | 'cancel' | 'reschedule' | 'review' | null>(null);
  const can = (a: string) => card.actions.includes(a as never);
  const close = () => setDialog(null);
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={`Session with ${card.clientName}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-slate-900">Session with {card.clientName}</h3>
          <p className="text-sm text-slate-600">
            {card.serviceLabel} · <span className="font-mono text-xs text-slate-500">{card.referenceCode}</span>
          </p>
        </div>
        <BookingCardBadges card={card} />
      </div>
      <div className="mt-3 grid gap-1.5 sm:grid-cols-2">
        <SessionWhenWhere card={card} />
        {card.status === 'pending' ? (
          <Detail icon="price">{card.paymentStatus === 'authorized' ? 'Payment held on the client’s card' : 'Awaiting the client’s payment'}</Detail>
        ) : null}
      </div>
      <PlayerPanel card={card} withNotes />
      {card.clientNotes ? <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">“{card.clientNotes}”</p> : null}
      <BookingCardNotices card={card} proposer={card.clientName} />
      {card.status === 'confirmed' || card.status === 'in_session' ? <SessionProgress card={card} /> : null}

      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        <BookingResponseButtons card={card} onOpen={setDialog} />
        {can('cancel_as_coach') ? (
          <button type="button" className={dangerButton} onClick={() => setDialog('cancel')}>
            Cancel Booking
          </button>
        ) : null}
        {card.canReview ? (
          <button type="button" className={primaryButton} onClick={() => setDialog('review')}>
            Leave Review
          </button>
        ) : null}
        <Link to={`/Conversation?booking_id=${card.id}`} className={secondaryButton}>
          Message Client
        </Link>
      </div>

      {dialog === 'decline' ? <DeclineDialog bookingId={card.id} clientName={card.clientName} onClose={close} /> : null}
      {dialog === 'cancel' ? (
        <ReasonDialog
          title="Cancel Booking"
          description={`${card.clientName} will get a full refund, including the admin fee.`}
          intent="cancel"
          bookingId={card.id}
          label="Reason for cancelling"
          placeholder="This will be shared with the client."
          confirmLabel="Cancel Booking"
          cancelLabel="Keep Booking"
          onClose={close}
        />
      ) : null}
      {dialog === 'reschedule' ? <RescheduleDialog card={card} today={today} lastDay={lastDay} onClose={close} /> : null}
      {dialog === 'review' ? <ReviewDialog bookingId={card.id} revieweeLabel="Client" revieweeName={card.clientName} onClose={close} /> : null}
    </article>
  );
}
