import { conflict, forbidden, invalid, notFound, unavailable, type DomainError } from '../shared/errors';

/** Failures of coach payouts, with stable codes. */
export const payoutErrors = {
  coachOnly: (): DomainError => forbidden('PAYOUTS_COACH_ONLY', 'Only coaches can set up payouts.'),
  accountNotFound: (): DomainError => notFound('PAYOUT_ACCOUNT_NOT_FOUND', 'No payout account has been set up yet.'),
  transferNotFound: (): DomainError => notFound('TRANSFER_NOT_FOUND', 'This booking has no payout yet.'),
  transferNotSendable: (status: string): DomainError => conflict('TRANSFER_NOT_SENDABLE', `This payout is ${status.replace('_', ' ')} and cannot be sent.`),
  transferNotRetryable: (status: string): DomainError => conflict('TRANSFER_NOT_RETRYABLE', `Only a failed or waiting payout can be retried; this one is ${status.replace('_', ' ')}.`),
  reversalInvalid: (): DomainError => invalid('TRANSFER_REVERSAL_INVALID', 'The reversed amount is not valid for this payout.'),
  gateway: (message: string): DomainError => unavailable('PAYOUT_GATEWAY_ERROR', message),
  gatewayUnavailable: (): DomainError => unavailable('PAYOUT_GATEWAY_UNAVAILABLE', 'The payment service is not available right now. Please try again.'),
} as const;
