/**
 * The payment state of a booking (PRODUCT.md, Payments): the client's card is authorised when the
 * request is made, captured when the coach accepts, held by the platform until
 * `paymentHeldUntil`, then released to the coach — or voided / refunded by the cancellation
 * policy or a dispute decision.
 */
export const PAYMENT_STATUSES = [
  'pending', // nothing held yet (an intent may exist while the client types the card)
  'authorized', // funds held on the card, not taken
  'captured', // taken, held by the platform
  'released', // the coach's: their share is transferred to their connected account (decision 012)
  'refunded', // everything captured went back to the client
  'partially_refunded', // part of the capture went back; the rest is held or released
  'voided', // the authorisation was cancelled; the client was never charged
  'failed', // the last card attempt failed; the client may try again
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Which payment status may follow which. Terminal: released, refunded, voided. */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['authorized', 'failed', 'voided'],
  failed: ['pending', 'authorized', 'failed', 'voided'],
  authorized: ['captured', 'voided'],
  captured: ['refunded', 'partially_refunded', 'released'],
  partially_refunded: ['refunded', 'partially_refunded', 'released'],
  released: [],
  refunded: [],
  voided: [],
};

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

/** A card attempt may start (or start again): nothing is held yet. */
export const isAwaitingPayment = (status: PaymentStatus): boolean => status === 'pending' || status === 'failed';

/** Money has been taken and is still with the platform. */
export const isHeldByPlatform = (status: PaymentStatus): boolean => status === 'captured' || status === 'partially_refunded';
