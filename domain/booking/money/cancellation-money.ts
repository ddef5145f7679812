import type { Booking, CancelledBy } from '../lifecycle/booking';
import type { Pence } from '../../shared/money';
import { cancellationSettlement, settlementOfCancelled, type CancellationSettlement } from './cancellation-policy';
import { isHeldByPlatform } from './payment-status';

/** What was paid on a cancelled booking, what goes back and what is kept (emails and the account-end report say it). */
export interface CancellationMoney {
  readonly paidPence: Pence;
  /** Only held on the card (authorised, never captured): nothing was taken. */
  readonly heldOnly: boolean;
  readonly refundPence: Pence;
  readonly keptPence: Pence;
}

/** The money side of a cancellation, from what the booking records and the cancellation policy. */
export function cancellationMoney(b: Booking, previous?: Booking | null): CancellationMoney {
  const settlement =
    previous && b.cancelledBy && b.cancelledAt ? cancellationSettlement(b, previous.status === 'pending' ? 'pending' : 'confirmed', b.cancelledBy, b.cancelledAt) : settlementOfCancelled(b);
  return moneyOf(b, settlement);
}

/**
 * What cancelling (or declining) a pending or confirmed booking now would refund and keep, said
 * before the person confirms. The same sums as `cancellationMoney` reads back once it is done.
 */
export function cancellationPreview(b: CancellableMoney, cancelledBy: CancelledBy, at: Date): CancellationMoney {
  return moneyOf(b, cancellationSettlement(b, b.status === 'pending' ? 'pending' : 'confirmed', cancelledBy, at));
}

/** What the preview reads of a booking (the admin booking page has these, not a whole aggregate). */
export type CancellableMoney = Pick<
  Booking,
  'status' | 'startsAt' | 'servicePricePence' | 'adminFeePence' | 'totalPricePence' | 'paymentStatus' | 'amountAuthorizedPence' | 'amountCapturedPence' | 'amountRefundedPence'
>;

function moneyOf(b: CancellableMoney, settlement: CancellationSettlement | null): CancellationMoney {
  const heldOnly = b.paymentStatus === 'authorized';
  const paid = heldOnly ? b.amountAuthorizedPence : isHeldByPlatform(b.paymentStatus) ? b.amountCapturedPence - b.amountRefundedPence : 0;
  const refund = Math.min(settlement?.refundPence ?? 0, paid);
  return { paidPence: paid, heldOnly, refundPence: refund, keptPence: paid - refund };
}
