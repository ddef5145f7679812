import { useEffect, useMemo, useState } from 'react';
import type { BookingCardView } from '../../booking/booking-card-view';
import { cardWhen, dateLabel, splitStart } from '../../booking/booking-card-labels';
import { FieldError, FormAlert, Modal, dangerButton, inputClass, labelClass, primaryButton, secondaryButton } from './modal';
import { useBookingAction } from './use-booking-action';
import { loadRescheduleOptions, type RescheduleOptions } from './reschedule-options';
import { RescheduleMoneyNote } from './reschedule-money-note';

/**
 * SPEC §2/§4 reschedule: the proposer picks a new date and one of the times the server's slot
 * engine offers on it (the coach's hours, free of other sessions and their buffers), with an
 * optional reason; the other party reviews the proposal and accepts or declines it.
 */
export function RescheduleDialog({ card, today, lastDay, onClose }: { card: BookingCardView; today: string; lastDay: string; onClose: () => void }) {
  return card.reschedule?.view === 'review' ? (
    <ReviewProposal card={card} proposal={card.reschedule} onClose={onClose} />
  ) : (
    <ProposeForm card={card} today={today} lastDay={lastDay} onClose={onClose} />
  );
}

function ProposeForm({ card, today, lastDay, onClose }: { card: BookingCardView; today: string; lastDay: string; onClose: () => void }) {
  const { fetcher, busy, error, errorDetail, fieldErrors, clearError } = useBookingAction({ onSuccess: onClose });
  const { date, time } = cardWhen(card);
  // undefined: on its way; null: could not be had.
  const [offered, setOffered] = useState<RescheduleOptions | null | undefined>(undefined);
  useEffect(() => {
    let open = true;
    void loadRescheduleOptions(card.id).then((o) => open && setOffered(o));
    return () => {
      open = false;
    };
  }, [card.id]);
  const [newDate, setNewDate] = useState('');
  const times = useMemo(() => offered?.days.find((d) => d.date === newDate)?.slots ?? [], [offered, newDate]);
  const timeHint =
    offered === undefined
      ? 'Loading free times…'
      : offered === null
        ? 'Free times could not be loaded'
        : !newDate
          ? 'Select a date first'
          : times.length === 0
            ? 'No free times on this date'
            : 'Select a time';
  return (
    <Modal title="Reschedule Session" description={`Currently ${date} at ${time}. Propose a new time; ${card.otherPartyName} will be asked to accept it.`} onClose={onClose}>
      <fetcher.Form method="post" noValidate onChange={clearError}>
        <input type="hidden" name="intent" value="propose_reschedule" />
        <input type="hidden" name="bookingId" value={card.id} />
        <FormAlert message={error} detail={errorDetail} />
        <RescheduleMoneyNote card={card} newStart={null} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="reschedule-date" className={labelClass}>
              New date
            </label>
            <input id="reschedule-date" type="date" name="date" min={today} max={lastDay} value={newDate} onChange={(e) => setNewDate(e.target.value)} className={inputClass} />
            <FieldError id="reschedule-date-error" messages={fieldErrors.date} />
          </div>
          <div>
            <label htmlFor="reschedule-time" className={labelClass}>
              New time <span className="font-normal text-slate-400">(UK time)</span>
            </label>
            <select key={newDate} id="reschedule-time" name="time" defaultValue="" className={inputClass}>
              <option value="">{timeHint}</option>
              {times.map((t) => (
                <option key={t.time} value={t.time}>
                  {t.time}
                </option>
              ))}
            </select>
          </div>
        </div>
        <label htmlFor="reschedule-reason" className={`${labelClass} mt-4`}>
          Reason <span className="font-normal text-slate-400">(optional)</span>
        </label>
        <textarea id="reschedule-reason" name="reason" rows={3} maxLength={500} className={inputClass} />
        <FieldError id="reschedule-reason-error" messages={fieldErrors.reason} />
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? 'Sending…' : 'Send Request'}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}

function ReviewProposal({ card, proposal, onClose }: { card: BookingCardView; proposal: { proposedStart: string; reason?: string }; onClose: () => void }) {
  const { fetcher, busy, error, errorDetail } = useBookingAction({ onSuccess: onClose });
  const current = cardWhen(card);
  const proposed = splitStart(proposal.proposedStart);
  return (
    <Modal title="Review Reschedule" description={`${card.otherPartyName} would like to move this session.`} onClose={onClose}>
      <FormAlert message={error} detail={errorDetail} />
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 text-sm">
        <div>
          <dt className="text-slate-500">Current time</dt>
          <dd className="font-medium text-slate-900">{`${current.date} at ${current.time}`}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Proposed time</dt>
          <dd className="font-medium text-slate-900">{`${dateLabel(proposed.date)} at ${proposed.time}`}</dd>
        </div>
        {proposal.reason ? (
          <div className="col-span-2">
            <dt className="text-slate-500">Reason</dt>
            <dd className="text-slate-900">{proposal.reason}</dd>
          </div>
        ) : null}
      </dl>
      <RescheduleMoneyNote card={card} newStart={proposal.proposedStart} />
      <fetcher.Form method="post" className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <input type="hidden" name="bookingId" value={card.id} />
        <button type="submit" name="intent" value="decline_reschedule" disabled={busy} className={dangerButton}>
          Decline
        </button>
        <button type="submit" name="intent" value="accept_reschedule" disabled={busy} className={primaryButton}>
          Accept New Time
        </button>
      </fetcher.Form>
    </Modal>
  );
}
