import { lazy, Suspense, useState } from 'react';
import type { BookingActionsMoney } from '../../../domain/admin/booking-actions';
import { dangerOutlineButton, primaryButton } from '~/components/booking/button-classes';
import type { DisputeToResolve } from './resolve-dispute-dialog';

// Each dialog is loaded when first opened, not with the page.
const CancelDialog = lazy(() => import('./cancel-booking-dialog'));
const ResolveDialog = lazy(() => import('./resolve-dispute-dialog'));
const RetryDialog = lazy(() => import('./retry-payout-dialog'));

type Open = 'cancel' | 'resolve' | 'retry' | null;

/**
 * The admin booking page's actions (issue 47): cancel, resolve the open dispute, retry the
 * payout — each shown only when the booking allows it, each confirmed in a dialog that says the
 * money it moves. The server checks again (the same use case as the CLI).
 */
export function BookingActions({ booking, actions }: { booking: Omit<DisputeToResolve, 'money'> & { clientName: string; coachName: string }; actions: BookingActionsMoney }) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  if (!actions.cancel && !actions.resolveDispute && !actions.retryPayout) return <p className="text-sm text-slate-600">Nothing to do on this booking now.</p>;
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {actions.resolveDispute ? (
          <button type="button" className={primaryButton} onClick={() => setOpen('resolve')}>
            Resolve dispute…
          </button>
        ) : null}
        {actions.retryPayout ? (
          <button type="button" className={primaryButton} onClick={() => setOpen('retry')}>
            Retry payout…
          </button>
        ) : null}
        {actions.cancel ? (
          <button type="button" className={dangerOutlineButton} onClick={() => setOpen('cancel')}>
            Cancel booking…
          </button>
        ) : null}
      </div>
      <Suspense fallback={null}>
        {open === 'cancel' && actions.cancel ? <CancelDialog booking={booking} cancel={actions.cancel} onClose={close} /> : null}
        {open === 'resolve' && actions.resolveDispute ? <ResolveDialog dispute={{ ...booking, money: actions.resolveDispute }} onClose={close} /> : null}
        {open === 'retry' && actions.retryPayout ? <RetryDialog booking={booking} retry={actions.retryPayout} onClose={close} /> : null}
      </Suspense>
    </>
  );
}
