import type { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import type { Booking } from '../booking/lifecycle/booking';
import type { GatewayIntent } from './payment-gateway';
import { paymentErrors } from '../booking/money/payment-errors';
import { captureInstruction, voidInstruction, type PaymentInstruction } from '../booking/money/payment-instruction';
import { recordAuthorization, recordCapture, recordFailure, recordRefund, recordVoid } from './payment-records';
import { isAwaitingPayment, isHeldByPlatform } from '../booking/money/payment-status';

export interface PaymentSync {
  readonly booking: Booking;
  /** What the booking now asks of the payment because of what just happened. */
  readonly followUps: readonly PaymentInstruction[];
}

/**
 * What a booking asks once its payment is authorised: nothing while the coach has not answered,
 * a capture once accepted, a void if the booking was cancelled meanwhile.
 */
export function followUpsAfterAuthorization(booking: Booking): PaymentInstruction[] {
  if (booking.paymentStatus !== 'authorized') return [];
  if (booking.status === 'pending') return [];
  if (booking.status === 'cancelled') return [voidInstruction()];
  return [captureInstruction(booking.amountAuthorizedPence)];
}

/**
 * Brings the booking's payment fields up to what the gateway reports for its intent (after the
 * payment dialog, a gateway call or a webhook). Recording the same state twice changes nothing.
 */
export function applyGatewayIntent(booking: Booking, intent: GatewayIntent, now: Date): Result<PaymentSync> {
  if (booking.paymentIntentId !== intent.intentId) return err(paymentErrors.intentMismatch());
  let current = booking;
  let authorisedNow = false;
  /** Applies one record; returns the failure, if any. */
  const apply = (result: Result<Booking>): DomainError | null => {
    if (!result.ok) return result.error;
    current = result.value;
    return null;
  };
  const authorise = (): DomainError | null => apply(recordAuthorization(current, { intentId: intent.intentId, amountPence: intent.amountPence, authorisedAt: intent.authorisedAt }, now));

  let failure: DomainError | null = null;
  switch (intent.status) {
    case 'requires_capture':
      if (isAwaitingPayment(current.paymentStatus)) {
        failure = authorise();
        authorisedNow = failure === null;
      }
      break;
    case 'succeeded':
      if (isAwaitingPayment(current.paymentStatus)) failure = authorise();
      if (!failure && current.paymentStatus === 'authorized') failure = apply(recordCapture(current, { amountPence: intent.amountCapturedPence }, now));
      if (!failure && isHeldByPlatform(current.paymentStatus) && intent.amountRefundedPence > current.amountRefundedPence)
        failure = apply(recordRefund(current, { amountPence: intent.amountRefundedPence - current.amountRefundedPence }, now));
      break;
    case 'canceled':
      if (isAwaitingPayment(current.paymentStatus) || current.paymentStatus === 'authorized') failure = apply(recordVoid(current, now));
      break;
    case 'requires_payment_method':
      if (intent.lastError !== null && isAwaitingPayment(current.paymentStatus)) failure = apply(recordFailure(current, now));
      break;
    default:
      break; // requires_confirmation, requires_action, processing: nothing decided yet
  }
  if (failure) return err(failure);
  return ok({ booking: current, followUps: authorisedNow ? followUpsAfterAuthorization(current) : [] });
}
