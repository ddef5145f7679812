import type { Clock } from '../../shared/clock';
import type { DomainError } from '../../shared/errors';
import type { UnitOfWork } from '../../unit-of-work';
import type { GatewayError } from '../../shared/gateway-result';
import type { PayoutGateway } from '../payout-gateway';
import { payoutErrors } from '../payout-errors';

/** The platform's cut of the session price (decision 012), in basis points; configured, default 0. */
export interface PayoutPolicy {
  readonly commissionBps: number;
}

export interface PayoutUseCaseDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly payoutGateway: PayoutGateway;
  readonly payoutPolicy: PayoutPolicy;
}

export function fromPayoutGatewayError(error: GatewayError): DomainError {
  return error.retryable ? payoutErrors.gatewayUnavailable() : payoutErrors.gateway(error.message);
}
