import { Link, useRevalidator } from '@remix-run/react';
import { BookingDialog, DeclineDialog, PaymentDialog, ReasonDialog, RescheduleDialog, ReviewDialog } from '~/components/lazy-dialogs';
import { useState } from 'react';
import type { BookingCardView } from '../../../domain/booking/booking-card-view';
import { formatPence } from '../../../domain/shared/money';
import { BookingCardBadges, BookingCardNotices, Detail, PaymentDueNotice, PlayerPanel, SessionWhenWhere } from './booking-card-parts';
import type { BookedSummary } from './booking-dialog';
import { PaymentStep } from './payment-step';
import { BookingResponseButtons } from './booking-response-buttons';
import { dangerButton, dangerOutlineButton, primaryButton, secondaryButton } from './modal';
import { SessionProgress } from './session-progress';

type Dialog = 'cancel' | 'decline' | 'reschedule' | 'review' | 'pay' | 'again' | null;

const POLICY: Record<string, string> = {
  before_acceptance: 'The coach has not accepted yet: any payment hold is released and you are not charged.',
  client_early: 'More than 24 hours before the start: you get a full refund.',
  client_late: 'Less than 24 hours before the start: the session price goes to the coach; the admin fee is refunded.',
  coach_or_platform: 'The client gets a full refund, including the admin fee.',
};

/** A MyBookings card (SPEC §2) with the actions the domain offers this viewer. */
export function BookingCard({ card, tab, today, lastDay }: { card: BookingCardView; tab: string; today: string; lastDay: string }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const can = (a: string) => card.actions.includes(a as never);
  const close = () => setDialog(null);
  const { revalidate } = useRevalidator();
  const [rebooked, setRebooked] = useState<BookedSummary | null>(null);
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={`${card.title} ${card.referenceCode}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-slate-900">{card.title}</h3>
          <p className="font-mono text-xs text-slate-500">{card.referenceCode}</p>
        </div>
        <BookingCardBadges card={card} />
      </div>

      <p className="mt-3 text-sm text-slate-700">
        <span className="text-slate-500">{card.otherPartyLabel}:</span> <span className="font-medium">{card.otherPartyName}</span>
      </p>
      <div className="mt-2 grid gap-1.5 sm:grid-cols-2">
        <SessionWhenWhere card={card} />
        <Detail icon="price">
          {formatPence(card.totalPricePence)} <span className="text-slate-500">(inc. {formatPence(card.adminFeePence)} admin fee)</span>
        </Detail>
      </div>

      <PlayerPanel card={card} withNotes={card.viewerIs === 'coach'} />
      <PaymentDueNotice card={card} />
      <BookingCardNotices card={card} proposer={card.otherPartyName} />

      {card.progress.shown ? <SessionProgress card={card} /> : null}

      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        <Link to={`/Conversation?booking_id=${card.id}`} className={secondaryButton}>
          Message
        </Link>
        {can('pay') ? (
          <button type="button" className={primaryButton} onClick={() => setDialog('pay')}>
            Pay Now
          </button>
        ) : null}
        <BookingResponseButtons card={card} onOpen={setDialog} />
        {tab !== 'cancelled' && card.canReview ? (
          <button type="button" className={primaryButton} onClick={() => setDialog('review')}>
            Leave Review
          </button>
        ) : null}
        {card.bookAgain ? (
          <button type="button" className={secondaryButton} onClick={() => setDialog('again')}>
            Book again
          </button>
        ) : null}
        {can('cancel') ? (
          <button type="button" className={dangerOutlineButton} onClick={() => setDialog('cancel')}>
            Cancel
          </button>
        ) : null}
        {can('cancel_as_coach') ? (
          <button type="button" className={dangerButton} onClick={() => setDialog('cancel')}>
            Cancel as Coach
          </button>
        ) : null}
      </div>

      {dialog === 'cancel' ? (
        <ReasonDialog
          title="Cancel Booking"
          description={card.cancelPreview ? POLICY[card.cancelPreview.rule] : undefined}
          intent="cancel"
          bookingId={card.id}
          label="Reason for cancelling"
          placeholder={`This will be shared with the ${card.otherPartyLabel.toLowerCase()}.`}
          confirmLabel="Cancel Booking"
          cancelLabel="Keep Booking"
          onClose={close}
        />
      ) : null}
      {dialog === 'decline' ? <DeclineDialog bookingId={card.id} clientName={card.clientName} onClose={close} /> : null}
      {dialog === 'reschedule' ? <RescheduleDialog card={card} today={today} lastDay={lastDay} onClose={close} /> : null}
      {dialog === 'pay' ? (
        <PaymentDialog
          bookingId={card.id}
          summary={{
            serviceLabel: card.serviceLabel,
            durationMinutes: card.durationMinutes,
            coachName: card.otherPartyName,
            servicePricePence: card.servicePricePence,
            adminFeePence: card.adminFeePence,
            totalPricePence: card.totalPricePence,
          }}
          onPaid={() => revalidate()}
          onClose={close}
        />
      ) : null}
      {dialog === 'review' ? <ReviewDialog bookingId={card.id} revieweeLabel={card.otherPartyLabel} revieweeName={card.otherPartyName} onClose={close} /> : null}
      {dialog === 'again' && card.bookAgain ? (
        <BookingDialog
          coachId={card.bookAgain.coachId}
          coachName={card.otherPartyName}
          seed={card.bookAgain}
          onClose={close}
          onBooked={(b) => {
            close();
            setRebooked(b);
          }}
        />
      ) : null}
      {rebooked ? <PaymentStep booking={rebooked} onDone={() => (setRebooked(null), revalidate())} /> : null}
    </article>
  );
}
