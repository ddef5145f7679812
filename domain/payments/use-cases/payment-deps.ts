import type { Clock } from '../../shared/clock';
import type { DomainError } from '../../shared/errors';
import type { UnitOfWork } from '../../unit-of-work';
import { paymentErrors } from '../../booking/money/payment-errors';
import type { GatewayError, PaymentGateway } from '../payment-gateway';

export interface PaymentUseCaseDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly gateway: PaymentGateway;
}

/** A gateway failure as the person (or the outbox worker) should see it. */
export function fromGatewayError(error: GatewayError): DomainError {
  return error.retryable ? paymentErrors.gatewayUnavailable() : paymentErrors.gateway(error.message);
}
