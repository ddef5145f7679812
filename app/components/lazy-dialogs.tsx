import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * The booking, reschedule, payment, reason (cancel, decline, report, complete early) and review
 * dialogs, and the payment step after 'Book again', loaded when first opened rather than with the
 * page (a page's first visit carries only what it shows). Same names and props as the dialogs themselves; nothing is shown
 * until the chunk arrives (a few kilobytes, once).
 */
function opened<P extends object>(load: () => Promise<ComponentType<P>>): ((props: P) => JSX.Element) & { preload: () => void } {
  let loading: Promise<ComponentType<P>> | null = null;
  /** The code once it has arrived: a dialog opened after that renders in the same frame as the click (no suspend, no retry). */
  let loaded: ComponentType<P> | null = null;
  const once = () => (loading ??= load().then((component) => (loaded = component)));
  const Dialog = lazy(() => once().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  function LazyDialog(props: P) {
    // Chosen once per opening, so that the dialog is never mounted again half-way.
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  /** Fetches the dialog's code ahead of the first opening (a page where it is the main action). */
  LazyDialog.preload = () => void once().catch(() => (loading = null));
  return LazyDialog;
}

const reason = () => import('~/components/booking/reason-dialog');

export const PaymentDialog = opened(() => import('~/components/payment/payment-dialog').then((m) => m.PaymentDialog));
export const BookingDialog = opened(() => import('~/components/booking/booking-dialog').then((m) => m.BookingDialog));
export const RescheduleDialog = opened(() => import('~/components/booking/reschedule-dialog').then((m) => m.RescheduleDialog));
export const ReasonDialog = opened(() => reason().then((m) => m.ReasonDialog));
/** SPEC §2 'Decline Booking Request' (a ReasonDialog with its words). */
export const DeclineDialog = opened(() => reason().then((m) => m.DeclineDialog));
/** The proposer's confirmation before taking back a proposed new time. */
export const WithdrawProposalDialog = opened(() => import('~/components/booking/withdraw-proposal-dialog').then((m) => m.WithdrawProposalDialog));
export const ReviewDialog = opened(() => import('~/components/booking/review-dialog').then((m) => m.ReviewDialog));
/** The Secure Payment step after 'Book again' on a MyBookings card; the payment dialog's code is fetched alongside. */
export const PaymentStep = opened(() => import('~/components/payment/payment-dialog').then((m) => m.PaymentStep));
