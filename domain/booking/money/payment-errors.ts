import { conflict, forbidden, invalid, unavailable, type DomainError } from '../../shared/errors';
import type { PaymentStatus } from './payment-status';

/** Failures of the payment state machine and the payment dialog, with stable codes. */
export const paymentErrors = {
  transitionNotAllowed: (from: PaymentStatus, to: PaymentStatus): DomainError => conflict('PAYMENT_TRANSITION_NOT_ALLOWED', `The payment cannot go from ${from} to ${to}.`),
  amountInvalid: (what: string): DomainError => invalid('PAYMENT_AMOUNT_INVALID', `The ${what} amount is not valid for this booking.`),
  intentMismatch: (): DomainError => conflict('PAYMENT_INTENT_MISMATCH', 'This payment does not belong to this booking.'),
  heldByDispute: (): DomainError => conflict('PAYMENT_HELD_BY_DISPUTE', 'The payment is held while a dispute is open.'),
  nothingToRelease: (): DomainError => conflict('NOTHING_TO_RELEASE', 'There is no payment to release on this booking.'),
  alreadyPaid: (): DomainError => conflict('ALREADY_PAID', 'This booking has already been paid.'),
  notPayable: (): DomainError => conflict('PAYMENT_NOT_ALLOWED', 'This booking cannot be paid now.'),
  payerOnly: (): DomainError => forbidden('NOT_BOOKING_CLIENT', 'Only the client of this booking can pay for it.'),
  /** The card was refused; the message is the provider's when it gives one (SPEC §8). */
  failed: (message: string | null): DomainError => invalid('PAYMENT_FAILED', message ?? 'There was an issue processing your payment. Please try again.'),
  processing: (): DomainError => conflict('PAYMENT_PROCESSING', 'Your payment is being processed. Please wait a moment.'),
  gateway: (message: string): DomainError => unavailable('PAYMENT_GATEWAY_ERROR', message),
  gatewayUnavailable: (): DomainError => unavailable('PAYMENT_GATEWAY_UNAVAILABLE', 'The payment service is not available right now. Please try again.'),
} as const;
