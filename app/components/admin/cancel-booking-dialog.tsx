import { useState } from 'react';
import type { BookingActionsMoney } from '../../../domain/admin/booking-actions';
import { FormAlert, inputClass, labelClass, Modal, dangerButton, secondaryButton } from '~/components/booking/modal';
import { money } from './format';
import { useAdminAction } from './use-admin-action';

/** What an administrator's cancellation moves: always a full refund (the cancellation policy's 'coach or platform' rule). */
export function cancelMoneyWords(m: NonNullable<BookingActionsMoney['cancel']>): string {
  if (m.refundPence <= 0) return 'Nothing has been paid, so no money moves.';
  if (m.heldOnly) return `The ${money(m.refundPence)} held on the client’s card is released: the client is not charged.`;
  return `${money(m.refundPence)} goes back to the client’s card.`;
}

/** Cancel a pending or confirmed booking with a reason, as `fact bookings cancel` does. */
export default function CancelBookingDialog({
  booking,
  cancel,
  onClose,
}: {
  booking: { referenceCode: string; clientName: string; coachName: string };
  cancel: NonNullable<BookingActionsMoney['cancel']>;
  onClose: () => void;
}) {
  const { fetcher, busy, error } = useAdminAction({ onSuccess: onClose });
  const [reason, setReason] = useState('');
  return (
    <Modal title="Cancel booking" description={`Booking ${booking.referenceCode}: ${booking.clientName} with ${booking.coachName}`} onClose={onClose}>
      <FormAlert message={error} />
      <fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="cancel_booking" />
        <input type="hidden" name="shownRefundPence" value={cancel.refundPence} />
        <div id="cancel-money" className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-semibold">{cancelMoneyWords(cancel)}</p>
          <p>An administrator’s cancellation always refunds the client in full under the cancellation policy, as fact bookings cancel does.</p>
        </div>
        <div>
          <label htmlFor="cancel-reason" className={labelClass}>
            Reason for cancelling
          </label>
          <textarea id="cancel-reason" name="reason" rows={3} maxLength={500} className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} aria-describedby="cancel-money" />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose} disabled={busy}>
            Keep booking
          </button>
          <button type="submit" className={dangerButton} disabled={busy}>
            {busy ? 'Cancelling…' : cancel.refundPence > 0 ? `Cancel and refund ${money(cancel.refundPence)}` : 'Cancel booking'}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
