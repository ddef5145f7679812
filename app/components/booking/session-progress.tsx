import { useState } from 'react';
import type { BookingCardView, SessionProgressView } from '../../booking/booking-card-view';
import { cardStatusLabel, otherPartyLabel } from '../../booking/booking-card-labels';
import { primaryButton, secondaryButton } from './button-classes';
import { ReasonDialog } from '~/components/lazy-dialogs';
import { useBookingAction } from './use-booking-action';

const STATE_TEXT: Record<string, { title: string; text: string }> = {
  confirmed: { title: 'Session confirmed', text: 'Mark your arrival when you get there (from an hour before the start).' },
  arrival_pending: { title: 'Waiting for arrival', text: 'One of you has arrived. The session starts when you both have, or at the start time.' },
  in_session: { title: 'Session in progress', text: 'Mark the session complete when it ends.' },
  completed: { title: 'Session completed', text: 'Thank you for training with FACT.' },
  disputed: { title: 'Issue reported', text: 'An administrator is looking into this session. The payment is held until it is resolved.' },
};

function Mark({ who, done, label }: { who: string; done: boolean | undefined; label: 'arrived' | 'marked it complete' }) {
  const you = who === 'You';
  const pending = label === 'arrived' ? `${you ? "haven't" : "hasn't"} arrived yet` : `${you ? "haven't" : "hasn't"} marked it complete yet`;
  return (
    <li>
      <span aria-hidden="true" className={done ? 'on' : undefined}>
        {done ? '✓' : '·'}
      </span>
      {`${who} ${done ? label : pending}`}
    </li>
  );
}

/**
 * SPEC §2 session-progress card for confirmed, in_session and completed bookings: the display
 * state, both parties' marks, and only the actions the domain offers this viewer now.
 */
export function SessionProgress({ card, progress: p }: { card: BookingCardView; progress: SessionProgressView }) {
  const { fetcher, busy } = useBookingAction({ toastErrors: true });
  const [dialog, setDialog] = useState<'complete' | 'issue' | null>(null);
  const info = STATE_TEXT[p.state] ?? { title: cardStatusLabel(card), text: '' };
  const me = 'You';
  const other = otherPartyLabel(card);
  const myArrived = card.viewerIs === 'client' ? p.clientArrived : p.coachArrived;
  const otherArrived = card.viewerIs === 'client' ? p.coachArrived : p.clientArrived;
  const myCompleted = card.viewerIs === 'client' ? p.clientCompleted : p.coachCompleted;
  const otherCompleted = card.viewerIs === 'client' ? p.coachCompleted : p.clientCompleted;
  const can = (a: string) => card.actions.includes(a as never);

  return (
    <section aria-label="Session progress" className="bk-prog">
      <p>{info.title}</p>
      <p>{info.text}</p>
      {p.disputeReason ? (
        <p className="mt-2 text-sm text-slate-700">
          Reported: <q>{p.disputeReason}</q>
        </p>
      ) : null}
      <ul className="bk-marks">
        <Mark who={me} done={myArrived} label="arrived" />
        <Mark who={other} done={otherArrived} label="arrived" />
        {p.state === 'in_session' || p.state === 'completed' || myCompleted || otherCompleted ? (
          <>
            <Mark who={me} done={myCompleted} label="marked it complete" />
            <Mark who={other} done={otherCompleted} label="marked it complete" />
          </>
        ) : null}
      </ul>
      {can('mark_arrival') || can('mark_completion') || can('report_issue') ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {can('mark_arrival') ? (
            <fetcher.Form method="post">
              <input type="hidden" name="bookingId" value={card.id} />
              <button type="submit" name="intent" value="mark_arrival" disabled={busy} className={primaryButton}>
                Mark Arrival
              </button>
            </fetcher.Form>
          ) : null}
          {can('mark_completion') ? (
            p.completingEarly ? (
              <button type="button" className={primaryButton} onClick={() => setDialog('complete')}>
                Mark Complete
              </button>
            ) : (
              <fetcher.Form method="post">
                <input type="hidden" name="bookingId" value={card.id} />
                <button type="submit" name="intent" value="mark_completion" disabled={busy} className={primaryButton}>
                  Mark Complete
                </button>
              </fetcher.Form>
            )
          ) : null}
          {can('report_issue') ? (
            <button type="button" className={secondaryButton} onClick={() => setDialog('issue')}>
              Report Issue
            </button>
          ) : null}
        </div>
      ) : null}
      {dialog === 'complete' ? (
        <ReasonDialog
          title="Complete session early"
          description="The session is not due to end yet. Please tell us why it is finishing early."
          intent="mark_completion"
          bookingId={card.id}
          label="Reason"
          confirmLabel="Mark Complete"
          tone="primary"
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'issue' ? (
        <ReasonDialog
          title="Report an Issue"
          description="Tell us what went wrong. The payment stays on hold while an administrator looks into it."
          intent="report_issue"
          bookingId={card.id}
          field="description"
          label="Description"
          placeholder="What happened?"
          confirmLabel="Report Issue"
          onClose={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}
