import { Link } from '@remix-run/react';
import { BookingDialog, DeclineDialog, PaymentDialog, PaymentStep, ReasonDialog, RescheduleDialog, ReviewDialog } from '~/components/lazy-dialogs';
import { memo, useState } from 'react';
import type { BookingCardView } from '../../booking/booking-card-view';
import { bookAgainSeed, cardServiceLabel, cardTitle, otherPartyLabel, servicePricePence } from '../../booking/booking-card-labels';
import { formatPence } from '../../../domain/shared/money';
import { BookingCardBadges, BookingCardNotices, Detail, PaymentDueNotice, PlayerPanel, SeriesLine, SessionWhenWhere } from './booking-card-parts';
import { SeriesCancelScope } from './series-cancel-scope';
import type { BookedSummary } from './booking-dialog';
import { BookingResponseButtons } from './booking-response-buttons';
import { dangerButton, dangerOutlineButton, primaryButton, secondaryButton } from './button-classes';
import { SessionProgress } from './session-progress';
import { CancellationMoneyNote } from './cancellation-money-note';
import { PaymentStateNote } from './payment-state';

type Dialog = 'cancel' | 'decline' | 'reschedule' | 'review' | 'pay' | 'again' | null;

const loadOptions = () => import('./booking-options');

const POLICY: Record<string, string> = {
  before_acceptance: 'The coach has not accepted yet: any payment hold is released and you are not charged.',
  client_early: 'More than 24 hours before the start: you get a full refund.',
  client_late: 'Less than 24 hours before the start: the session price goes to the coach; the admin fee is refunded.',
  coach_or_platform: 'The client gets a full refund, including the admin fee.',
};

/** The same rules for a session paid with a package (decision 060): its credit goes back or is used; there is no admin fee. */
const PACKAGE_POLICY: Record<string, string> = {
  before_acceptance: 'The coach has not accepted yet: the session goes back to your package.',
  client_early: 'More than 24 hours before the start: the session goes back to your package.',
  client_late: 'Less than 24 hours before the start: the session is used and the coach is paid for it.',
  coach_or_platform: 'The session goes back to the client’s package.',
};

/**
 * A MyBookings card (SPEC §2) with the actions the domain offers this viewer. Memoised, and with
 * no react-router hook of its own (`revalidate` comes from the list): a card's action, a tab's
 * load or 'Load more' renders the other cards again only when the list answers.
 */
export const BookingCard = memo(function BookingCard({
  card,
  tab,
  today,
  lastDay,
  revalidate,
}: {
  card: BookingCardView;
  tab: string;
  today: string;
  lastDay: string;
  /** The router's revalidate (stable): the list again after a payment made in the card. */
  revalidate: () => void;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const can = (a: string) => card.actions.includes(a as never);
  const close = () => setDialog(null);
  const [rebooked, setRebooked] = useState<BookedSummary | null>(null);
  const title = cardTitle(card);
  const other = otherPartyLabel(card);
  // As 'Book' on FindCoaches, the dialog's code and the coach's calendar start on the way to the
  // button. Unlike it, the dialog opens once the calendar is in, or says it is
  // loading: its first frame offers next week's slot, and whether that is free is in the calendar.
  // The calendar's helper comes with the dialog's code, not in this page's first JavaScript.
  const againCoach = card.bookAgain?.coachId;
  const againLength = card.durationMinutes;
  const reachBookAgain = () => {
    if (!againCoach) return;
    BookingDialog.preload();
    void loadOptions().then((o) => o.loadBookingOptions(againCoach, againLength));
  };
  const openBookAgain = () => {
    if (!againCoach) return;
    BookingDialog.preload();
    void loadOptions()
      .then((o) => o.bookingOptionsWithin(againCoach, o.BOOK_OPEN_GRACE_MS, againLength))
      .catch(() => undefined)
      // Unless another of the card's dialogs was opened meanwhile.
      .then(() => setDialog((open) => open ?? 'again'));
  };
  return (
    <article className="card" aria-label={`${title} ${card.referenceCode}`}>
      <div className="bk-head">
        <div>
          <h3>{title}</h3>
          <p className="bk-ref">{card.referenceCode}</p>
        </div>
        <BookingCardBadges card={card} />
      </div>

      <p className="bk-who">
        <span>{`${other}:`}</span> <span>{card.otherPartyName}</span>
      </p>
      <div className="bk-dl mt-2">
        <SessionWhenWhere card={card} />
        <Detail icon="price">
          {`${formatPence(card.totalPricePence)} `}
          {/* A session paid with a package carries no fee of its own (the purchase paid it once): no '£0.00 admin fee'. */}
          {card.adminFeePence > 0 ? <span>{`(inc. ${formatPence(card.adminFeePence)} admin fee)`}</span> : null}
        </Detail>
      </div>

      <SeriesLine card={card} />
      <PlayerPanel card={card} withNotes={card.viewerIs === 'coach'} />
      <PaymentDueNotice card={card} />
      <PaymentStateNote card={card} />
      <BookingCardNotices card={card} proposer={card.otherPartyName} />

      {card.progress ? <SessionProgress card={card} progress={card.progress} /> : null}

      <div className="bk-acts">
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
          <button type="button" className={secondaryButton} onClick={openBookAgain} onPointerEnter={reachBookAgain} onFocus={reachBookAgain}>
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
          description={card.cancelRule ? (card.paidFromPackage ? PACKAGE_POLICY : POLICY)[card.cancelRule] : undefined}
          intent="cancel"
          bookingId={card.id}
          label="Reason for cancelling"
          placeholder={`This will be shared with the ${other.toLowerCase()}.`}
          notice={
            <>
              <CancellationMoneyNote card={card} />
              <SeriesCancelScope card={card} />
            </>
          }
          confirmLabel="Cancel Booking"
          cancelLabel="Keep Booking"
          onClose={close}
        />
      ) : null}
      {dialog === 'decline' ? <DeclineDialog bookingId={card.id} clientName={card.otherPartyName} notice={<CancellationMoneyNote card={card} />} onClose={close} /> : null}
      {dialog === 'reschedule' ? <RescheduleDialog card={card} today={today} lastDay={lastDay} onClose={close} /> : null}
      {dialog === 'pay' ? (
        <PaymentDialog
          bookingId={card.id}
          summary={{
            serviceLabel: cardServiceLabel(card),
            durationMinutes: card.durationMinutes,
            coachName: card.otherPartyName,
            servicePricePence: servicePricePence(card),
            adminFeePence: card.adminFeePence,
            totalPricePence: card.totalPricePence,
          }}
          onPaid={() => revalidate()}
          onClose={close}
        />
      ) : null}
      {dialog === 'review' ? <ReviewDialog bookingId={card.id} revieweeLabel={other} revieweeName={card.otherPartyName} onClose={close} /> : null}
      {dialog === 'again' && card.bookAgain ? (
        <BookingDialog
          coachId={card.bookAgain.coachId}
          coachName={card.otherPartyName}
          seed={bookAgainSeed(card) ?? undefined}
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
});
