import type { Actor } from '../../policy/actor';
import type { Id } from '../../shared/ids';
import type { Result } from '../../shared/result';
import { openPaymentSession, type PaymentSession } from './open-payment-session';
import type { PaymentUseCaseDeps } from './payment-deps';

/** An administrator takes payment on any booking not cancelled (SPEC "Take Payment"). */
export function takePayment(deps: PaymentUseCaseDeps, input: { actor: Actor; bookingId: Id }): Promise<Result<PaymentSession>> {
  return openPaymentSession(deps, { ...input, as: 'admin' });
}
