import { isAwaitingPayment, type PaymentStatus } from '../payments/payment-status';

/**
 * Whether the AdminBookings row offers 'Take Payment' (SPEC §2), and why not. The payments
 * context decides for real when the dialog opens (checkCanPay); this only spares the
 * administrator a button that would be refused: nothing is held yet and the booking is not
 * cancelled.
 */
export type TakePaymentOffer = { readonly offered: true } | { readonly offered: false; readonly why: string };

export function takePaymentOffer(booking: { readonly status: string; readonly paymentStatus: string }): TakePaymentOffer {
  if (booking.status === 'cancelled') return { offered: false, why: 'The booking is cancelled.' };
  if (!isAwaitingPayment(booking.paymentStatus as PaymentStatus)) return { offered: false, why: 'A payment is already held or settled for this booking.' };
  return { offered: true };
}
