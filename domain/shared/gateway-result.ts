import type { Result } from './result';

/** What a provider's port (the card gateway, the payout gateway) answers when a call fails. */
export interface GatewayError {
  /** Provider's code ('card_declined', 'payment_intent_unexpected_state', 'network_error', ...). */
  readonly code: string;
  readonly message: string;
  /** Trying again later may succeed (network, rate limit, provider outage). */
  readonly retryable: boolean;
}

export type GatewayResult<T> = Result<T, GatewayError>;
