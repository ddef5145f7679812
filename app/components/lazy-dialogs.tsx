import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * The booking, reschedule and payment dialogs, loaded when first opened rather than with the page
 * (issue 20 §4: a page's first visit carries only what it shows). Same names and props as the
 * dialogs themselves; nothing is shown until the chunk arrives (a few kilobytes, once).
 */
const PaymentDialogChunk = lazy(() => import('~/components/payment/payment-dialog').then((m) => ({ default: m.PaymentDialog })));
const BookingDialogChunk = lazy(() => import('~/components/booking/booking-dialog').then((m) => ({ default: m.BookingDialog })));
const RescheduleDialogChunk = lazy(() => import('~/components/booking/reschedule-dialog').then((m) => ({ default: m.RescheduleDialog })));

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
