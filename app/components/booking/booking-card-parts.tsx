import { useEffect, useState } from 'react';
import type { BookingCardView } from '../../booking/booking-card-view';
import { cardStatusColour, cardStatusLabel, cardWhen, dateLabel, locationLabel, rescheduleView, splitStart } from '../../booking/booking-card-labels';
import { StatusBadge } from './status-badge';
import { ProposedTime } from './proposed-time';

// The parts the client's card (MyBookings) and the coach's card (CoachDashboard) draw alike.
// Their class names are app/tailwind.css's bk-* components (20 cards to a page), and
// each line's text is one string, so React writes no <!-- --> between its pieces.

/** One line of a card's details (inside a bk-dl grid): its icon (the sprite's symbol of that name, drawn by CSS) and its text. */
export function Detail({ icon, children }: { icon: 'date' | 'time' | 'place' | 'price'; children: React.ReactNode }) {
  return <p className={`i-${icon}`}>{children}</p>;
}

/**
 * Top right of a card: 'Reschedule Pending' while the other party has a proposal to answer,
 * 'Awaiting payment' on a request not paid yet (only its client sees it), and the status.
 */
export function BookingCardBadges({ card }: { card: BookingCardView }) {
  return (
    <div className="bk-chips">
      {rescheduleView(card) === 'awaiting_other_party' ? <span className="pill bg-amber-50 text-amber-800 ring-1 ring-amber-200">Reschedule Pending</span> : null}
      {card.awaitingPayment ? <span className="pill bg-orange-50 text-orange-800 ring-1 ring-orange-200">Awaiting payment</span> : null}
      <StatusBadge label={cardStatusLabel(card)} colour={cardStatusColour(card)} />
    </div>
  );
}

/** When and where: the date, the time with the length, the place (each card adds its own price line). */
export function SessionWhenWhere({ card }: { card: BookingCardView }) {
  const { date, time } = cardWhen(card);
  return (
    <>
      <Detail icon="date">{date}</Detail>
      <Detail icon="time">{`${time} (${card.durationMinutes} mins)`}</Detail>
      <ProposedTime card={card} />
      <Detail icon="place">{card.locationAddress ? `${locationLabel(card.locationType)} · ${card.locationAddress}` : locationLabel(card.locationType)}</Detail>
    </>
  );
}

/** Why a booking was cancelled or declined, and a new time `proposer` proposed that the viewer is to answer. */
export function BookingCardNotices({ card, proposer }: { card: BookingCardView; proposer: string }) {
  const r = card.reschedule;
  const proposed = r?.view === 'review' ? splitStart(r.proposedStart) : null;
  return (
    <>
      {card.status === 'cancelled' && card.cancellationReason ? (
        <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{`${card.expired ? 'Expired' : card.declined ? 'Declined' : 'Cancelled'}: ${card.cancellationReason}`}</p>
      ) : null}
      {proposed ? <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{`${proposer} proposed a new time: ${dateLabel(proposed.date)} at ${proposed.time}.`}</p> : null}
    </>
  );
}

/**
 * Decision 011: the client's request is not paid yet, so the coach has not been sent it; how long
 * is left to pay before the system cancels it ('Pay Now' sits with the card's actions).
 */
export function PaymentDueNotice({ card }: { card: BookingCardView }) {
  const left = useMinutesCountdown(card.awaitingPayment?.minutesLeft ?? 0);
  if (!card.awaitingPayment || card.viewerIs !== 'client') return null;
  return (
    <div role="note" aria-label="Payment needed" className="mt-3 rounded-lg border border-orange-200 bg-orange-50 px-3 py-2 text-sm text-orange-900">
      <p className="font-semibold">{left > 0 ? `Pay within ${left} min` : 'The time to pay is up'}</p>
      <p className="mt-0.5">
        {left > 0
          ? `${card.otherPartyName} will only see your request once it is paid. Unpaid requests are cancelled 30 minutes after they are made.`
          : 'This unpaid request is about to be cancelled. Pay now to keep it.'}
      </p>
    </div>
  );
}

/**
 * The minutes left, counted down in the browser from what the server said when the page loaded (the
 * server's clock decides; the browser only counts the minutes since), so a page left open does not
 * keep saying 'Pay within 30 min'.
 */
function useMinutesCountdown(minutesAtLoad: number): number {
  const [loadedAt, setLoadedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  useEffect(() => {
    const start = Date.now();
    setLoadedAt(start);
    setNow(start);
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, [minutesAtLoad]);
  if (loadedAt === null) return minutesAtLoad;
  return Math.max(0, minutesAtLoad - Math.floor((now - loadedAt) / 60_000));
}

/**
 * Who the session is for (decision 017): the player's name and age at the session date, and for
 * the coach the guardian's notes (position, medical notes, emergency contact).
 */
export function PlayerPanel({ card, withNotes }: { card: BookingCardView; withNotes: boolean }) {
  const player = card.player;
  if (!player) return null;
  return (
    <div className="mt-3 rounded-xl border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-slate-800" aria-label="Player">
      <p>
        <span className="text-slate-500">Player:</span> <span className="font-semibold">{player.name}</span>
        {`, ${player.age} `}
        <span className="text-slate-500">{`(${player.group} on the day)`}</span>
      </p>
      {withNotes && player.notes ? <p className="mt-1 whitespace-pre-line break-words text-slate-700">{player.notes}</p> : null}
    </div>
  );
}

/** A session of a weekly series (decision 062): where it is in the series, and for a request what answering it does. */
export function SeriesLine({ card }: { card: BookingCardView }) {
  const series = card.series;
  if (!series) return null;
  const answersAll = card.viewerIs === 'coach' && card.status === 'pending';
  return (
    <p className="mt-2 text-sm text-slate-700" aria-label="Weekly series">
      <span className="rounded-full bg-violet-50 px-2 py-0.5 text-xs font-semibold text-violet-800">Weekly series</span> Session {series.position} of {series.sessions}
      {answersAll ? '. Accepting or declining answers every request of the series.' : null}
    </p>
  );
}
