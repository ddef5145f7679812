import { Link } from '@remix-run/react';
import { memo, useState } from 'react';
import type { BookingCardView } from '../../booking/booking-card-view';
import { cardServiceLabel, cardWhen } from '../../booking/booking-card-labels';
import { NEEDS_RESPONSE_LABELS, type NeedsResponseRow } from '../../booking/needs-response-view';
import { DeclineDialog, RescheduleDialog } from '~/components/lazy-dialogs';
import { primaryButton, secondaryButton } from './button-classes';
import { ProposedTime } from './proposed-time';
import { RespondBy } from './respond-by';
import { CancellationMoneyNote } from './cancellation-money-note';
import { useBookingAction } from './use-booking-action';

/**
 * The CoachDashboard's 'Needs your response' (decision 051): paid requests, times the client
 * proposed and started sessions to complete, soonest first, each answerable from its row; the
 * tabs below keep every booking. A request's row says by when it must be answered (decision 050).
 */
export function NeedsResponseList({ rows, total, today, lastDay }: { rows: readonly NeedsResponseRow[]; total: number; today: string; lastDay: string }) {
  return (
    <section aria-labelledby="needs-response-title" className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="needs-response-title" className="text-lg font-semibold text-slate-900">
        {`Needs your response (${total})`}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Nothing is waiting for you. New requests, proposed times and sessions to complete will appear here.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={row.card.id}>
              <NeedsResponseItem row={row} today={today} lastDay={lastDay} />
            </li>
          ))}
        </ul>
      )}
      {total > rows.length ? <p className="mt-2 text-sm text-slate-600">{`Showing the first ${rows.length}; the tabs below hold the rest.`}</p> : null}
    </section>
  );
}

const NeedsResponseItem = memo(function NeedsResponseItem({ row, today, lastDay }: { row: NeedsResponseRow; today: string; lastDay: string }) {
  const [dialog, setDialog] = useState<'decline' | 'reschedule' | null>(null);
  const close = () => setDialog(null);
  const { card, kind } = row;
  const label = NEEDS_RESPONSE_LABELS[kind];
  const { date, time } = cardWhen(card);
  return (
    <div role="group" aria-label={`${label}: ${card.otherPartyName}`} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="pill bg-amber-50 text-amber-800 ring-1 ring-amber-200">{label}</span>
          <span className="font-semibold text-slate-900">{card.otherPartyName}</span>
        </p>
        <p className="mt-1 text-sm text-slate-600">{`${cardServiceLabel(card)} · ${date} at ${time} (${card.durationMinutes} mins)`}</p>
        {card.reschedule ? (
          <div className="mt-1 text-sm">
            <ProposedTime card={card} />
          </div>
        ) : null}
        {kind === 'request' && card.respondBy ? <RespondBy at={card.respondBy} className="mt-1 text-sm" /> : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {kind === 'request' ? <RequestAnswers card={card} onDecline={() => setDialog('decline')} /> : null}
        {kind === 'reschedule' ? (
          <button type="button" className={primaryButton} onClick={() => setDialog('reschedule')}>
            Review Reschedule
          </button>
        ) : null}
        {kind === 'complete' ? (
          <Link to={`/CoachDashboard?tab=${row.tab}#booking-${card.id}`} className={primaryButton}>
            Go to session
          </Link>
        ) : null}
      </div>
      {dialog === 'decline' ? <DeclineDialog bookingId={card.id} clientName={card.otherPartyName} notice={<CancellationMoneyNote card={card} />} onClose={close} /> : null}
      {dialog === 'reschedule' ? <RescheduleDialog card={card} today={today} lastDay={lastDay} onClose={close} /> : null}
    </div>
  );
});

/** Accept (posted at once) and Decline (its reason dialog), as on the request's card. */
function RequestAnswers({ card, onDecline }: { card: BookingCardView; onDecline: () => void }) {
  const { fetcher, busy } = useBookingAction({ toastErrors: true });
  return (
    <>
      {card.actions.includes('accept') ? (
        <fetcher.Form method="post">
          <input type="hidden" name="bookingId" value={card.id} />
          <button type="submit" name="intent" value="accept" disabled={busy} className={primaryButton}>
            Accept
          </button>
        </fetcher.Form>
      ) : null}
      {card.actions.includes('decline') ? (
        <button type="button" className={secondaryButton} onClick={onDecline}>
          Decline
        </button>
      ) : null}
    </>
  );
}
