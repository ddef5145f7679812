import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../adapters/payments/stripe/stripe-client';

/**
 * Stripe webhook events for tests, shaped and signed like Stripe's: `stripeEvent` makes the JSON
 * body (a connected account's event carries `account`), `signatureFor` the Stripe-Signature header
 * over those exact bytes, and `deliverStripeEvent` posts them to an endpoint.
 */
export function stripeEvent(type: string, object: unknown, options: { id?: string; account?: string; created?: number } = {}): string {
  return JSON.stringify({
    id: options.id ?? `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    ...(options.account ? { account: options.account } : {}),
    api_version: STRIPE_API_VERSION,
    created: options.created ?? Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

export const eventIdOf = (payload: string): string => (JSON.parse(payload) as { id: string }).id;

export function signatureFor(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}

export async function deliverStripeEvent(url: string, payload: string, options: { secret: string; timestamp?: number }): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signatureFor(payload, options.secret, options.timestamp) }, body: payload });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
