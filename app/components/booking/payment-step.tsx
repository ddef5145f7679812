import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { PaymentDialog } from '~/components/lazy-dialogs';
import { showToast } from '~/components/toaster';
import { UNPAID_REQUEST_TTL_MINUTES } from '../../../domain/booking/requests/paid-requests';
import type { BookedSummary } from './booking-dialog';
import { formatPence } from '../../../domain/shared/money';

/**
 * After the booking request is stored, the Secure Payment dialog (PRODUCT.md: the client pays
 * inside the booking flow). Closing it after paying shows SPEC's 'Booking request sent successfully
 * to {coach}!'; closing it unpaid says the request is not sent yet and how long is left to pay
 * (decision 011: only paid requests reach the coach).
 */
export function PaymentStep({ booking, onDone }: { booking: BookedSummary; onDone: () => void }) {
  return booking.paidFromPackage ? <PaidFromPackage booking={booking} onDone={onDone} /> : <CardPayment booking={booking} onDone={onDone} />;
}

/** A session paid with a package has no payment step: the request is with the coach already. */
function PaidFromPackage({ booking, onDone }: { booking: BookedSummary; onDone: () => void }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    showToast(
      {
        type: 'success',
        title: booking.seriesSessions ? `Weekly series of ${booking.seriesSessions} sessions sent to ${booking.coachName}!` : `Booking request sent successfully to ${booking.coachName}!`,
        description: booking.seriesSessions
          ? `First session ${booking.referenceCode}. Paid with sessions of your package: nothing more to pay. ${booking.coachName} accepts or declines the whole series; declined sessions go back to your package.`
          : `Reference ${booking.referenceCode}. Paid with a session of your package: nothing more to pay. If ${booking.coachName} declines, the session goes back to your package.`,
      },
      `booked-${booking.id}`,
    );
    revalidate();
    onDone();
    // Once per booking.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [booking.id]);
  return null;
}

function CardPayment({ booking, onDone }: { booking: BookedSummary; onDone: () => void }) {
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
          paid.current
            ? {
                type: 'success',
                title: booking.seriesSessions ? `Weekly series of ${booking.seriesSessions} sessions sent to ${booking.coachName}!` : `Booking request sent successfully to ${booking.coachName}!`,
                description: booking.seriesSessions
                  ? `First session ${booking.referenceCode}. ${formatPence(booking.totalPricePence)} is held on your card for the whole series. You are charged only for the sessions ${booking.coachName} accepts; otherwise the hold is released.`
                  : `Reference ${booking.referenceCode}. ${formatPence(booking.totalPricePence)} is held on your card. You are charged only if ${booking.coachName} accepts; otherwise the hold is released.`,
              }
            : {
                // Decision 011: an unpaid request does not reach the coach, and is cancelled after 30 minutes.
                type: 'warning',
                title: `Your request is not sent to ${booking.coachName} yet`,
                description: `Reference ${booking.referenceCode}. Pay within ${UNPAID_REQUEST_TTL_MINUTES} minutes from My Bookings ('Pay Now') to send it; unpaid requests are cancelled.`,
              },
          `booked-${booking.id}`,
        );
        onDone();
      }}
    />
  );
}
