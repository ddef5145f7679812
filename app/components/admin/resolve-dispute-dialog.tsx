import { useState } from 'react';
import { poundsToPence } from '../../../domain/shared/money';
import { FieldError, FormAlert, inputClass, labelClass, Modal, primaryButton, secondaryButton } from '~/components/booking/modal';
import { money } from './format';
import { useAdminAction } from './use-admin-action';

type Outcome = 'refund_full' | 'refund_partial' | 'release';

const OUTCOMES: readonly { value: Outcome; label: string; help: string }[] = [
  { value: 'refund_full', label: 'Refund the client in full', help: 'Everything still held goes back to the client.' },
  { value: 'refund_partial', label: 'Refund the client in part', help: 'The amount below goes back to the client; the rest is paid to the coach.' },
  { value: 'release', label: 'Release to the coach', help: 'The coach is paid; the client gets nothing back.' },
];

/** The dispute as the dialog needs it, with what a decision can move (domain/admin/booking-actions.ts). */
export interface DisputeToResolve {
  readonly id: string;
  readonly referenceCode: string;
  readonly totalPricePence: number;
  readonly amountCapturedPence: number;
  readonly amountRefundedPence: number;
  /** At most this goes back to the client; `heldPence` is what a release pays the coach. */
  readonly money: { readonly refundablePence: number; readonly heldPence: number } | null;
}

const POUNDS = /^\d+(\.\d{1,2})?$/;

/** What the chosen decision moves, in one sentence (the use case moves exactly this). */
function moneyMoved(outcome: Outcome, amount: string, m: NonNullable<DisputeToResolve['money']>): string {
  if (outcome === 'refund_full') return m.refundablePence > 0 ? `${money(m.refundablePence)} goes back to the client.` : 'There is no payment to refund on this booking.';
  if (outcome === 'release') return m.heldPence > 0 ? `${money(m.heldPence)} is released to the coach now; the client gets nothing back.` : 'Nothing is held by the platform, so no money moves.';
  const pence = POUNDS.test(amount.trim()) ? poundsToPence(Number(amount.trim())) : null;
  if (pence === null || pence <= 0) return `Up to ${money(m.refundablePence)} can go back to the client; the rest is paid to the coach when the payment is released.`;
  if (pence > m.refundablePence) return `At most ${money(m.refundablePence)} can go back to the client.`;
  return `${money(pence)} goes back to the client; the other ${money(Math.max(0, m.heldPence - pence))} is paid to the coach when the payment is released.`;
}

/** An open dispute's resolution: refund in full, in part (amount), or release to the coach, with a note. */
export default function ResolveDisputeDialog({ dispute, onClose }: { dispute: DisputeToResolve; onClose: () => void }) {
  const { fetcher, busy, error } = useAdminAction({ onSuccess: onClose });
  const [outcome, setOutcome] = useState<Outcome>('refund_full');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const amountMissing = outcome === 'refund_partial' && !POUNDS.test(amount.trim());
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
        {dispute.money ? (
          <p id="dispute-money" role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
            {moneyMoved(outcome, amount, dispute.money)}
          </p>
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
