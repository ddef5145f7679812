import { Link } from '@remix-run/react';
import { useState } from 'react';
import type { BookingCardView } from '../../../domain/booking/booking-card-view';
import { DeclineDialog, Detail, ICONS } from './booking-card';
import { dangerButton, primaryButton, secondaryButton } from './modal';
import { ReasonDialog } from './reason-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { ReviewDialog } from './review-dialog';
import { SessionProgress } from './session-progress';
import { StatusBadge } from './status-badge';
import { useBookingAction } from './use-booking-action';

/**
 * A CoachDashboard card (SPEC §2): 'Session with {client}', the session's details and the coach's
 * actions, with Leave Review on a completed session (SPEC §6: the coach reviews the client).
 */
export function CoachBookingCard({ card, today, lastDay }: { card: BookingCardView; today: string; lastDay: string }) {
  const [dialog, setDialog] = useState<'decline' | 'cancel' | 'reschedule' | 'review' | null>(null);
  const { fetcher, busy } = useBookingAction({ toastErrors: true });
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
        <div className="flex flex-wrap items-center gap-2">
          {card.reschedule.view === 'awaiting_other_party' ? <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">Reschedule Pending</span> : null}
          <StatusBadge label={card.statusLabel} colour={card.statusColour} />
        </div>
      </div>
      <div className="mt-3 grid gap-1.5 sm:grid-cols-2">
        <Detail icon={ICONS.date}>{card.date ?? 'Date TBD'}</Detail>
        <Detail icon={ICONS.time}>
          {card.time ?? '—'} ({card.durationMinutes} mins)
        </Detail>
        <Detail icon={ICONS.place}>
          {card.locationLabel}
          {card.locationAddress ? ` · ${card.locationAddress}` : ''}
        </Detail>
        {card.status === 'pending' ? (
          <Detail icon={ICONS.price}>{card.paymentStatus === 'authorized' ? 'Payment held on the client’s card' : 'Awaiting the client’s payment'}</Detail>
        ) : null}
      </div>
      {card.clientNotes ? <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">“{card.clientNotes}”</p> : null}
      {card.status === 'cancelled' && card.cancellationReason ? (
        <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {card.declined ? 'Declined' : 'Cancelled'}: {card.cancellationReason}
        </p>
      ) : null}
      {card.reschedule.view === 'review' ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {card.clientName} proposed a new time: {card.reschedule.proposedDate} at {card.reschedule.proposedTime}.
        </p>
      ) : null}
      {card.status === 'confirmed' || card.status === 'in_session' ? <SessionProgress card={card} /> : null}

      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        {can('accept') ? (
          <fetcher.Form method="post">
            <input type="hidden" name="bookingId" value={card.id} />
            <button type="submit" name="intent" value="accept" disabled={busy} className={primaryButton}>
              Accept
            </button>
          </fetcher.Form>
        ) : null}
        {can('decline') ? (
          <button type="button" className={secondaryButton} onClick={() => setDialog('decline')}>
            Decline
          </button>
        ) : null}
        {card.reschedule.view === 'review' ? (
          <button type="button" className={primaryButton} onClick={() => setDialog('reschedule')}>
            Review Reschedule
          </button>
        ) : can('propose_reschedule') && card.reschedule.view === 'none' ? (
          <button type="button" className={secondaryButton} onClick={() => setDialog('reschedule')}>
            Reschedule
          </button>
        ) : null}
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
