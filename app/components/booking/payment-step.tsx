import { useEffect } from 'react';
import { showToast } from '~/components/toaster';
import type { BookedSummary } from './booking-dialog';

/**
 * After the booking request is stored: the success message (SPEC §2), then the Secure Payment
 * dialog (payments issue) for the new booking.
 */
export function PaymentStep({ booking, onDone }: { booking: BookedSummary; onDone: () => void }) {
  useEffect(() => {
    showToast({ type: 'success', title: `Booking request sent successfully to ${booking.coachName}!`, description: `Reference ${booking.referenceCode}` }, `booked-${booking.id}`);
    onDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [booking.id]);
  return null;
}
