import type { Actor } from '../../policy/actor';
import type { Id } from '../../shared/ids';
import type { Result } from '../../shared/result';
import { openPaymentSession, type PaymentSession } from './open-payment-session';
import type { PaymentUseCaseDeps } from './payment-deps';

/** The client opens the Secure Payment dialog for their request (PRODUCT.md: right after booking). */
export function startPayment(deps: PaymentUseCaseDeps, input: { actor: Actor; bookingId: Id }): Promise<Result<PaymentSession>> {
  return openPaymentSession(deps, { ...input, as: 'client' });
}
