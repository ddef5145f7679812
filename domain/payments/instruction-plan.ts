import type { Pence } from '../shared/money';
import type { Booking } from '../booking/lifecycle/booking';
import { givenBackPence, heldPence, isReleasable } from '../booking/money/payment-hold';
import type { PaymentInstruction } from '../booking/money/payment-instruction';
import { isAwaitingPayment } from '../booking/money/payment-status';

/**
 * The gateway call that carries out an instruction, chosen from the payment state found when the
 * job runs. Planning again after the call was recorded yields `none`, so a job that runs twice
 * never moves money twice.
 */
export type GatewayPlan =
  | { readonly call: 'capture'; readonly amountPence: Pence }
  | { readonly call: 'cancel' }
  | { readonly call: 'refund'; readonly amountPence: Pence }
  /** Bookkeeping only: the held money becomes the coach's. */
  | { readonly call: 'release' }
  | { readonly call: 'none'; readonly why: string };

const none = (why: string): GatewayPlan => ({ call: 'none', why });

export function planInstruction(booking: Booking, instruction: PaymentInstruction): GatewayPlan {
  const status = booking.paymentStatus;
  const hasIntent = booking.paymentIntentId !== null;
  switch (instruction.kind) {
    case 'authorize':
      return none('authorisation happens in the payment dialog');
    case 'capture':
      if (status !== 'authorized') return none(`payment is ${status}`);
      if (booking.status === 'cancelled') return none('booking was cancelled; its settlement decides');
      return { call: 'capture', amountPence: Math.min(instruction.amountPence, booking.amountAuthorizedPence) };
    case 'void':
      if ((isAwaitingPayment(status) && hasIntent) || status === 'authorized') return { call: 'cancel' };
      if (heldPence(booking) > 0) return { call: 'refund', amountPence: heldPence(booking) };
      return none(`payment is ${status}`);
    case 'refund': {
      if (isAwaitingPayment(status)) return hasIntent ? { call: 'cancel' } : none('nothing was paid');
      // The instruction states the total the client gets back for its decision (one refund step per booking).
      const target = instruction.amountPence;
      if (status === 'authorized') {
        if (target >= booking.amountAuthorizedPence) return { call: 'cancel' };
        return { call: 'capture', amountPence: booking.amountAuthorizedPence - target };
      }
      const owed = Math.min(target - givenBackPence(booking), heldPence(booking));
      return owed > 0 ? { call: 'refund', amountPence: owed } : none('already refunded');
    }
    case 'release':
      return isReleasable(booking) ? { call: 'release' } : none('nothing releasable');
  }
}

/** The gateway idempotency key of a planned call: the job's key, the call and its amount. */
export function gatewayCallKey(jobKey: string, plan: GatewayPlan): string {
  return `${jobKey}:${plan.call}${'amountPence' in plan ? `:${plan.amountPence}` : ''}`;
}
