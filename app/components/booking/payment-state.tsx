import type { BookingCardView } from '../../booking/booking-card-view';
import { formatPence } from '../../../domain/shared/money';

/** The client's card: what their money is doing, in words ('Payment held', 'Refunded £3.00'), with its sentence. */
export function PaymentStateNote({ card }: { card: BookingCardView }) {
  const payment = card.payment;
  if (!payment || card.awaitingPayment) return null;
  return (
    <div role="note" aria-label="Payment" className="mt-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
      <p className="font-semibold">{payment.label}</p>
      {payment.detail ? <p className="mt-0.5 text-slate-700">{payment.detail}</p> : null}
    </div>
  );
}

/** The coach's request card: what accepting it earns them, by the payouts rule. */
export function CoachEarnsLine({ card }: { card: BookingCardView }) {
  if (card.earnPence === undefined) return null;
  return <p className="mt-2 text-sm font-medium text-pitch-800">{`You earn ${formatPence(card.earnPence)} from this session if you accept.`}</p>;
}
