import type { BookingActionsMoney } from '../../../domain/admin/booking-actions';
import { FormAlert, Modal, primaryButton, secondaryButton } from '~/components/booking/modal';
import { money } from './format';
import { useAdminAction } from './use-admin-action';

/** Send a failed (or waiting) payout again, as `fact payouts retry` does: a new attempt under a new key. */
export default function RetryPayoutDialog({
  booking,
  retry,
  onClose,
}: {
  booking: { referenceCode: string; coachName: string };
  retry: NonNullable<BookingActionsMoney['retryPayout']>;
  onClose: () => void;
}) {
  const { fetcher, busy, error } = useAdminAction({ onSuccess: onClose });
  return (
    <Modal title="Retry payout" description={`Booking ${booking.referenceCode}`} onClose={onClose}>
      <FormAlert message={error} />
      <fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="retry_payout" />
        <div className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-semibold">{`${money(retry.coachSharePence)}, the coach’s share, is sent to ${booking.coachName} again (attempt ${retry.nextAttempt}).`}</p>
          {retry.status === 'waiting' ? <p>The payout is waiting for the coach’s payout account; if it is still not ready, it waits again.</p> : null}
          {retry.lastError ? <p className="break-words">{`The last attempt failed: ${retry.lastError}`}</p> : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose} disabled={busy}>
            Close
          </button>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? 'Sending…' : `Send ${money(retry.coachSharePence)} again`}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
