import type Stripe from 'stripe';
import type { GatewayError, GatewayIntent, GatewayIntentStatus } from '../../../domain/payments/payment-gateway';

/** Stripe objects and errors in the port's terms. */

const STATUSES: readonly GatewayIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
];

function statusOf(status: string): GatewayIntentStatus {
  // Any status Stripe adds later reads as "nothing decided yet".
  return (STATUSES as readonly string[]).includes(status) ? (status as GatewayIntentStatus) : 'processing';
}

/** What was refunded, when the latest charge was expanded (retrieveIntent always expands it). */
function refundedOf(latestCharge: string | Stripe.Charge | null): number {
  return latestCharge !== null && typeof latestCharge === 'object' ? latestCharge.amount_refunded : 0;
}

export function toGatewayIntent(pi: Stripe.PaymentIntent): GatewayIntent {
  const lastError = pi.last_payment_error;
  return {
    intentId: pi.id,
    status: statusOf(pi.status),
    amountPence: pi.amount,
    amountCapturedPence: pi.amount_received,
    amountRefundedPence: refundedOf(pi.latest_charge),
    clientSecret: pi.client_secret,
    lastError: lastError
      ? {
          code: lastError.decline_code ?? lastError.code ?? lastError.type,
          message: lastError.message ?? 'There was an issue processing your payment. Please try again.',
        }
      : null,
  };
}

/** A charge (charge.refunded webhooks) read as the state of its payment intent. */
export function chargeAsIntent(charge: Stripe.Charge): GatewayIntent | null {
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  if (intentId === null) return null;
  return {
    intentId,
    status: charge.captured ? 'succeeded' : 'requires_capture',
    amountPence: charge.amount,
    amountCapturedPence: charge.amount_captured,
    amountRefundedPence: charge.amount_refunded,
    clientSecret: null,
    lastError: null,
  };
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
  const code =
    text(e.decline_code) ??
    text(e.code) ??
    (type === 'StripeConnectionError' ? 'network_error' : type === 'StripeRateLimitError' ? 'rate_limit' : text(e.rawType) ?? 'api_error');
  const retryable =
    type === 'StripeConnectionError' ||
    type === 'StripeAPIError' ||
    type === 'StripeRateLimitError' ||
    code === 'lock_timeout' ||
    (status !== null && (status >= 500 || status === 429)) ||
    (status === null && type !== 'StripeCardError' && type !== 'StripeInvalidRequestError');
  return { code, message, retryable };
}
