import { HOUR_MS } from '../../shared/clock';
import type { Pence } from '../../shared/money';
import type { Booking, CancelledBy } from '../lifecycle/booking';
import { refundInstruction, voidInstruction, type PaymentInstruction } from './payment-instruction';
import { isAwaitingPayment, isHeldByPlatform } from './payment-status';

/**
 * PRODUCT.md cancellation policy:
 * - before the coach accepts (client cancels a request, coach declines): the authorisation is
 *   cancelled and the client is not charged;
 * - the client cancels a confirmed session 24 hours or more before the start: full refund;
 * - later: the session price is paid to the coach, the admin fee is refunded;
 * - the coach (or an administrator, or the system) cancels: full refund including the fee.
 * A coach who does not show up is reported as an issue; the administrator's full refund settles it.
 */
export const FREE_CANCELLATION_HOURS = 24;

export type CancellationRule = 'before_acceptance' | 'client_early' | 'client_late' | 'coach_or_platform';

export interface CancellationSettlement {
  readonly rule: CancellationRule;
  /** What goes back to the client. */
  readonly refundPence: Pence;
  /** What the coach keeps (released when the hold ends). */
  readonly keptPence: Pence;
}

type Priced = Pick<Booking, 'startsAt' | 'servicePricePence' | 'adminFeePence' | 'totalPricePence'>;

/** The settlement of cancelling a booking that is `wasStatus` ('pending' or 'confirmed') at `at`. */
export function cancellationSettlement(booking: Priced, wasStatus: 'pending' | 'confirmed', cancelledBy: CancelledBy, at: Date): CancellationSettlement {
  const full = (rule: CancellationRule): CancellationSettlement => ({ rule, refundPence: booking.totalPricePence, keptPence: 0 });
  if (wasStatus === 'pending') return full('before_acceptance');
  if (cancelledBy !== 'client') return full('coach_or_platform');
  if (booking.startsAt.getTime() - at.getTime() >= FREE_CANCELLATION_HOURS * HOUR_MS) return full('client_early');
  return { rule: 'client_late', refundPence: booking.adminFeePence, keptPence: booking.servicePricePence };
}

/**
 * The settlement of a booking already cancelled, read back from what it records. A request
 * cancelled before acceptance never had money captured, so reading it as confirmed is harmless.
 */
export function settlementOfCancelled(booking: Priced & Pick<Booking, 'declined' | 'cancelledBy' | 'cancelledAt'>): CancellationSettlement | null {
  if (booking.cancelledBy === null || booking.cancelledAt === null) return null;
  return cancellationSettlement(booking, booking.declined ? 'pending' : 'confirmed', booking.cancelledBy, booking.cancelledAt);
}

/** What to ask of the payment for a settlement, from the payment state at the time of cancelling. */
export function cancellationInstructions(booking: Pick<Booking, 'paymentStatus' | 'paymentIntentId' | 'totalPricePence'>, settlement: CancellationSettlement): PaymentInstruction[] {
  const status = booking.paymentStatus;
  if (isAwaitingPayment(status)) return booking.paymentIntentId !== null ? [voidInstruction()] : [];
  if (status !== 'authorized' && !isHeldByPlatform(status)) return [];
  if (settlement.refundPence <= 0) return [];
  if (settlement.refundPence >= booking.totalPricePence) return [voidInstruction()];
  return [refundInstruction(settlement.refundPence, 'cancellation')];
}
