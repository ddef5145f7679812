import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * The booking, reschedule, payment, reason (cancel, decline, report, complete early) and review
 * dialogs, loaded when first opened rather than with the page (issue 20 §4: a page's first visit
 * carries only what it shows). Same names and props as the dialogs themselves; nothing is shown
 * until the chunk arrives (a few kilobytes, once).
 */
const loadPayment = () => import('~/components/payment/payment-dialog');
const loadBooking = () => import('~/components/booking/booking-dialog');
const loadReschedule = () => import('~/components/booking/reschedule-dialog');
const loadReason = () => import('~/components/booking/reason-dialog');
const loadReview = () => import('~/components/booking/review-dialog');

const PaymentDialogChunk = lazy(() => loadPayment().then((m) => ({ default: m.PaymentDialog })));
const BookingDialogChunk = lazy(() => loadBooking().then((m) => ({ default: m.BookingDialog })));
const RescheduleDialogChunk = lazy(() => loadReschedule().then((m) => ({ default: m.RescheduleDialog })));
const ReasonDialogChunk = lazy(() => loadReason().then((m) => ({ default: m.ReasonDialog })));
const DeclineDialogChunk = lazy(() => loadReason().then((m) => ({ default: m.DeclineDialog })));
const ReviewDialogChunk = lazy(() => loadReview().then((m) => ({ default: m.ReviewDialog })));

export function PaymentDialog(props: ComponentProps<typeof PaymentDialogChunk>) {
  return (
    <Suspense fallback={null}>
      <PaymentDialogChunk {...props} />
    </Suspense>
  );
}

export function BookingDialog(props: ComponentProps<typeof BookingDialogChunk>) {
  return (
    <Suspense fallback={null}>
      <BookingDialogChunk {...props} />
    </Suspense>
  );
}

export function RescheduleDialog(props: ComponentProps<typeof RescheduleDialogChunk>) {
  return (
    <Suspense fallback={null}>
      <RescheduleDialogChunk {...props} />
    </Suspense>
  );
}

export function ReasonDialog(props: ComponentProps<typeof ReasonDialogChunk>) {
  return (
    <Suspense fallback={null}>
      <ReasonDialogChunk {...props} />
    </Suspense>
  );
}

/** SPEC §2 'Decline Booking Request' (a ReasonDialog with its words). */
export function DeclineDialog(props: ComponentProps<typeof DeclineDialogChunk>) {
  return (
    <Suspense fallback={null}>
      <DeclineDialogChunk {...props} />
    </Suspense>
  );
}

export function ReviewDialog(props: ComponentProps<typeof ReviewDialogChunk>) {
  return (
    <Suspense fallback={null}>
      <ReviewDialogChunk {...props} />
    </Suspense>
  );
}
