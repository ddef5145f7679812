import type { BookingCredit } from '../booking/booking-options';
import { durationLabel } from '../../booking/session-length-view';
import { FieldError } from '../booking/modal';

/** The card, or one of the client's packages with this coach (decision 060). */
export const PAY_BY_CARD = 'card';

/**
 * 'How will you pay?' in the booking dialog, for a client holding a package with this coach: by
 * card as usual, or with a session of the package (no payment step; the request reaches the
 * coach at once). Radio buttons, so the choice is one Tab stop and the arrow keys.
 */
export function PayWith({ credits, value, onChange, error }: { credits: readonly BookingCredit[]; value: string; onChange: (v: string) => void; error?: readonly string[] }) {
  if (credits.length === 0) return null;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'packagePurchaseId-error' : undefined}>
      <legend className="text-sm font-semibold text-slate-800">How will you pay?</legend>
      {credits.map((c) => (
        <label key={c.purchaseId} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-pitch-600 has-[:checked]:bg-pitch-50">
          <input type="radio" name="packagePurchaseId" value={c.purchaseId} checked={value === c.purchaseId} onChange={() => onChange(c.purchaseId)} className="mt-0.5" />
          <span>
            <span className="block font-medium text-slate-900">With a session of {c.name}</span>
            <span className="block text-slate-600">
              {durationLabel(c.durationMinutes)} · {c.summary}
            </span>
          </span>
        </label>
      ))}
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-pitch-600 has-[:checked]:bg-pitch-50">
        <input type="radio" name="packagePurchaseId" value={PAY_BY_CARD} checked={value === PAY_BY_CARD} onChange={() => onChange(PAY_BY_CARD)} className="mt-0.5" />
        <span className="font-medium text-slate-900">By card, for this session only</span>
      </label>
      <FieldError id="packagePurchaseId-error" messages={error} />
    </fieldset>
  );
}

/** In place of the price lines and card terms, when a package pays: what it takes and what the cancellation rule does to the session. */
export function PackagePaymentNote({ credit }: { credit: BookingCredit }) {
  const after = credit.left - 1;
  return (
    <section aria-label="Payment" className="space-y-1 rounded-xl border border-pitch-200 bg-pitch-50 p-4 text-sm text-slate-700">
      <p className="font-semibold text-slate-900">Paid with your package: nothing to pay now</p>
      <p>
        This session uses 1 of the sessions of {credit.name}; {after} of {credit.sessions} will be left. Your request goes to the coach straight away.
      </p>
      <p>If the coach declines or cancels, or you cancel 24 hours or more before the start, the session goes back to your package. If you cancel later, it is used and the coach is paid for it.</p>
    </section>
  );
}
