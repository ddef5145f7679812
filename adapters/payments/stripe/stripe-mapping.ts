import type Stripe from 'stripe';
import type { GatewayError, GatewayIntent, GatewayIntentStatus } from '../../../domain/payments/payment-gateway';

/** Stripe objects and errors in the port's terms. */

const STATUSES: readonly GatewayIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'succeeded', 'canceled'];

function statusOf(status: string): GatewayIntentStatus {
  // Any status Stripe adds later reads as "nothing decided yet".
  return (STATUSES as readonly string[]).includes(status) ? (status as GatewayIntentStatus) : 'processing';
}

/**
 * What FACT refunded of the capture: the sum of the refunds this adapter made (metadata
 * source=fact), not the charge's amount_refunded, which also counts the uncaptured rest of a
 * partial capture that Stripe releases.
 */
export function refundedByUs(refunds: readonly Pick<Stripe.Refund, 'amount' | 'status' | 'metadata'>[]): number {
  return refunds.filter((r) => r.metadata?.source === REFUND_SOURCE && (r.status === 'succeeded' || r.status === 'pending' || r.status === 'requires_action')).reduce((sum, r) => sum + r.amount, 0);
}

export const REFUND_SOURCE = 'fact';

export function toGatewayIntent(pi: Stripe.PaymentIntent, refundedPence = 0): GatewayIntent {
  const lastError = pi.last_payment_error;
  return {
    intentId: pi.id,
    status: statusOf(pi.status),
    amountPence: pi.amount,
    amountCapturedPence: pi.amount_received,
    amountRefundedPence: refundedPence,
    clientSecret: pi.client_secret,
    lastError: lastError
      ? {
          code: lastError.decline_code ?? lastError.code ?? lastError.type,
          message: lastError.message ?? 'There was an issue processing your payment. Please try again.',
        }
      : null,
    authorisedAt: chargeCreatedAt(pi.latest_charge),
  };
}

/** A charge's `created` (seconds) is when the card was authorised; only an expanded charge says it. */
function chargeCreatedAt(charge: Stripe.PaymentIntent['latest_charge']): Date | null {
  return charge !== null && typeof charge === 'object' ? new Date(charge.created * 1000) : null;
}

interface StripeLikeError {
  readonly type?: unknown;
  readonly rawType?: unknown;
  readonly code?: unknown;
  readonly decline_code?: unknown;
  readonly message?: unknown;
  readonly statusCode?: unknown;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/**
 * Any failure of a Stripe call as the port's error: the provider's code and message (shown to
 * the client for card errors), and whether trying again later may help.
 */
export function toGatewayError(error: unknown): GatewayError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as StripeLikeError;
  const type = text(e.type) ?? '';
  const status = typeof e.statusCode === 'number' ? e.statusCode : null;
  const message = text(e.message) ?? 'The payment service did not answer. Please try again.';
  const code = text(e.decline_code) ?? text(e.code) ?? (type === 'StripeConnectionError' ? 'network_error' : type === 'StripeRateLimitError' ? 'rate_limit' : (text(e.rawType) ?? 'api_error'));
  const retryable =
    type === 'StripeConnectionError' ||
    type === 'StripeAPIError' ||
    type === 'StripeRateLimitError' ||
    code === 'lock_timeout' ||
    (status !== null && (status >= 500 || status === 429)) ||
    (status === null && type !== 'StripeCardError' && type !== 'StripeInvalidRequestError');
  return { code, message, retryable };
}
