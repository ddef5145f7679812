import { formatPence } from '../../shared/money';
import type { Booking } from '../lifecycle/booking';
import { decidedRefundPence, givenBackPence } from './payment-hold';
import { paidWithSeriesCard } from '../requests/card-series';

/** The payment of a booking as its client reads it on their card: a short label and, where it helps, one sentence. */
export interface PaymentStateWords {
  readonly label: string;
  readonly detail?: string;
}

/**
 * What the client's money is doing, from the booking's payment status and what was decided for it
 * (a cancellation's settlement, a dispute's refund): 'Payment held', 'Paid', 'Not charged: the
 * hold was released', 'Refunded £3.00'. A refund decided and not yet carried out says so.
 */
export function clientPaymentWords(b: Booking, coachName: string): PaymentStateWords {
  // A card series' purchase (decision 064) is the client's card payment: it reads as one.
  if (b.packagePurchaseId && !paidWithSeriesCard(b)) return packageSessionWords(b);
  const decided = decidedRefundPence(b);
  const givenBack = givenBackPence(b);
  switch (b.paymentStatus) {
    case 'pending':
      return b.status === 'cancelled' ? { label: 'Not charged' } : { label: 'Not paid yet' };
    case 'failed':
      return b.status === 'cancelled' ? { label: 'Not charged' } : { label: 'Payment failed: not charged', detail: 'Your card was not charged. You can try again with Pay Now.' };
    case 'authorized': {
      const held = formatPence(b.amountAuthorizedPence);
      if (b.status === 'pending') return { label: 'Payment held', detail: `${held} is held on your card. You are charged only if ${coachName} accepts; otherwise the hold is released.` };
      if (b.status !== 'cancelled') return { label: 'Payment held', detail: `${coachName} accepted: the ${held} held on your card is being taken.` };
      const kept = b.amountAuthorizedPence - Math.min(decided, b.amountAuthorizedPence);
      return kept === 0
        ? { label: 'Not charged: the hold is being released', detail: `The ${held} held on your card is being released.` }
        : { label: `Charged ${formatPence(kept)}`, detail: `${formatPence(b.amountAuthorizedPence - kept)} of the ${held} held on your card is being released.` };
    }
    case 'captured':
    case 'partially_refunded':
      if (decided > givenBack) return { label: `Refund of ${formatPence(decided - givenBack)} on its way`, detail: 'Refunds can take 5 to 10 working days to reach your card.' };
      if (b.amountRefundedPence > 0) return { label: `Refunded ${formatPence(b.amountRefundedPence)}`, detail: `${formatPence(b.amountCapturedPence - b.amountRefundedPence)} paid.` };
      return { label: 'Paid', detail: `${formatPence(b.amountCapturedPence)} paid. FACT holds it until after the session.` };
    case 'released':
      return b.amountRefundedPence > 0
        ? { label: `Refunded ${formatPence(b.amountRefundedPence)}`, detail: `${formatPence(b.amountCapturedPence - b.amountRefundedPence)} paid to the coach.` }
        : { label: 'Paid', detail: `${formatPence(b.amountCapturedPence)} paid.` };
    case 'refunded':
      return { label: `Refunded ${formatPence(b.amountRefundedPence)}` };
    case 'voided':
      return { label: 'Not charged: the hold was released' };
  }
}

/** A session paid with a package (decision 060): its credit, not a card payment, is what moves. */
function packageSessionWords(b: Booking): PaymentStateWords {
  if (b.paymentStatus === 'refunded' && b.disputeOutcome === null) return { label: 'Session returned to your package', detail: 'It was not used: you can book it again.' };
  if (b.paymentStatus === 'refunded' || b.paymentStatus === 'partially_refunded') return { label: `Refunded ${formatPence(b.amountRefundedPence)}` };
  if (b.status === 'cancelled') return { label: 'Paid with your package: session used', detail: 'Cancelled less than 24 hours before the start, so the coach is paid for it.' };
  return { label: 'Paid with your package', detail: `${formatPence(b.amountCapturedPence)} of your package pays for this session.` };
}
