import { isUnpaidRequest } from '../../../domain/booking/requests/paid-requests';
import type { BookingStatus } from '../../../domain/booking/lifecycle/booking';
import type { PaymentStatus } from '../../../domain/booking/money/payment-status';

/**
 * Decision 011: a request the client has not paid yet. The coach is not shown it and cannot accept
 * it; it is cancelled 30 minutes after it was made unless paid. Administrators see it, marked.
 */
export function UnpaidBadge({ status, paymentStatus }: { status: string; paymentStatus: string }) {
  if (!isUnpaidRequest({ status: status as BookingStatus, paymentStatus: paymentStatus as PaymentStatus })) return null;
  return (
    <span
      data-unpaid="true"
      title="The client has not paid yet: the coach does not see this request, and it is cancelled 30 minutes after it was made unless paid."
      className="badge bg-orange-50 text-orange-800 ring-orange-200"
    >
      Unpaid
    </span>
  );
}
