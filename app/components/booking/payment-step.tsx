import { useRevalidator } from '@remix-run/react';
import { useRef } from 'react';
import { PaymentDialog } from '~/components/payment/payment-dialog';
import { showToast } from '~/components/toaster';
import type { BookedSummary } from './booking-dialog';

/**
 * After the booking request is stored, the Secure Payment dialog (PRODUCT.md: the client pays
 * inside the booking flow). Closing it shows SPEC's 'Booking request sent successfully to
 * {coach}!', with a reminder when the payment is still to do.
 */
export function PaymentStep({ booking, onDone }: { booking: BookedSummary; onDone: () => void }) {
  const paid = useRef(false);
  const { revalidate } = useRevalidator();
  return (
    <PaymentDialog
      bookingId={booking.id}
      summary={booking}
      onPaid={() => {
        paid.current = true;
        revalidate();
      }}
      onClose={() => {
        showToast(
          {
            type: 'success',
            title: `Booking request sent successfully to ${booking.coachName}!`,
            description: paid.current ? `Reference ${booking.referenceCode}. Your card is authorised; you are charged when the coach accepts.` : `Reference ${booking.referenceCode}. You can complete the payment from My Bookings.`,
          },
          `booked-${booking.id}`,
        );
        onDone();
      }}
    />
  );
}
