import { useState } from 'react';
import type { OpenDisputeRow } from '../../../adapters/persistence/admin/admin-dashboard.query';
import { FieldError, FormAlert, inputClass, labelClass, Modal, primaryButton, secondaryButton } from '~/components/booking/modal';
import { money } from './format';
import { useAdminAction } from './use-admin-action';

type Outcome = 'refund_full' | 'refund_partial' | 'release';

const OUTCOMES: readonly { value: Outcome; label: string; help: string }[] = [
  { value: 'refund_full', label: 'Refund the client in full', help: 'Everything still held goes back to the client.' },
  { value: 'refund_partial', label: 'Refund the client in part', help: 'The amount below goes back to the client; the rest is paid to the coach.' },
  { value: 'release', label: 'Release to the coach', help: 'The coach is paid; the client gets nothing back.' },
];

/** An open dispute's resolution: refund in full, in part (amount), or release to the coach, with a note. */
export default function ResolveDisputeDialog({ dispute, onClose }: { dispute: OpenDisputeRow; onClose: () => void }) {
  const { fetcher, busy, error } = useAdminAction({ onSuccess: onClose });
  const [outcome, setOutcome] = useState<Outcome>('refund_full');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const amountMissing = outcome === 'refund_partial' && !/^\d+(\.\d{1,2})?$/.test(amount.trim());
  return (
    <Modal title="Resolve dispute" description={<>Booking {dispute.referenceCode}</>} onClose={onClose} size="lg">
      <FormAlert message={error} />
      <fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="resolve_dispute" />
        <input type="hidden" name="bookingId" value={dispute.id} />
        <fieldset>
          <legend className={labelClass}>Decision</legend>
          <div className="space-y-2">
            {OUTCOMES.map((o) => (
              <label key={o.value} className={`flex cursor-pointer gap-3 rounded-lg border p-3 ${outcome === o.value ? 'border-pitch-600 bg-pitch-50' : 'border-slate-200'}`}>
                <input type="radio" name="outcome" value={o.value} checked={outcome === o.value} onChange={() => setOutcome(o.value)} className="mt-1" />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{o.label}</span>
                  <span className="block text-xs text-slate-600">{o.help}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {outcome === 'refund_partial' ? (
          <div>
            <label htmlFor="refund-amount" className={labelClass}>
              Refund to the client (£)
            </label>
            <input
              id="refund-amount"
              name="amount"
              inputMode="decimal"
              className={inputClass}
              placeholder="e.g. 20.00"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-describedby="refund-help"
            />
            <p id="refund-help" className="mt-1 text-xs text-slate-500">
              The booking total was {money(dispute.totalPricePence)}; captured {money(dispute.amountCapturedPence)}, refunded so far {money(dispute.amountRefundedPence)}.
            </p>
            <FieldError id="refund-error" messages={amount && amountMissing ? ['Enter the refund in pounds, e.g. 12.50'] : undefined} />
          </div>
        ) : null}
        <div>
          <label htmlFor="resolution-note" className={labelClass}>
            Note (kept with the booking)
          </label>
          <textarea id="resolution-note" name="note" rows={3} maxLength={1000} className={inputClass} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={busy || amountMissing}>
            {busy ? 'Resolving…' : 'Resolve dispute'}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
