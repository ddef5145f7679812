import type { PaymentGateway } from '../../domain/payments/payment-gateway';
import type { Clock } from '../../domain/shared/clock';
import type { Env } from '../config/env';
import type { Orm } from '../persistence/orm';
import type { PayoutGateway } from '../../domain/payouts/payout-gateway';
import { createStripeClient } from './stripe/stripe-client';
import { StripeGateway } from './stripe/stripe-gateway';
import { StripePayoutGateway } from './stripe/stripe-payout-gateway';
import { TestConnect } from './test-gateway/test-connect';
import { TestGateway, type TestCardConfirmer } from './test-gateway/test-gateway';

/**
 * The payment side of the application, chosen from configuration: Stripe when STRIPE_SECRET_KEY
 * (and its publishable key) are set, otherwise the offline test gateway with its own card form.
 */
export interface Payments {
  readonly gateway: PaymentGateway;
  /** 'stripe' confirms cards in the browser with Stripe Elements; 'test' posts the test card to our server. */
  readonly provider: 'stripe' | 'test';
  /** Only for the test gateway: confirms a test card on the server. */
  readonly testCards: TestCardConfirmer | null;
  /** For Stripe.js in the payment dialog. */
  readonly publishableKey: string | null;
  /** Verifies /webhooks/stripe; without it the endpoint answers 503. */
  readonly webhookSecret: string | null;
  /** The Connect endpoint's secret (events of connected accounts) when it differs; tried after webhookSecret. */
  readonly connectWebhookSecret: string | null;
  /** Stripe Connect for paying coaches (decision 012), or the offline gateway's stand-in. */
  readonly payouts: PayoutGateway;
  /** Only for the test gateway: its onboarding page and daily payouts. */
  readonly testConnect: TestConnect | null;
}

export function createPayments(env: Env, orm: Orm, clock: Clock): Payments {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) {
    const client = createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE });
    return {
      gateway: new StripeGateway({ client, secretKey: env.STRIPE_SECRET_KEY }),
      provider: 'stripe',
      testCards: null,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
      connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
      payouts: new StripePayoutGateway(client),
      testConnect: null,
    };
  }
  const gateway = new TestGateway(orm, clock);
  const testConnect = new TestConnect(orm, clock);
  return {
    gateway,
    provider: 'test',
    testCards: gateway,
    publishableKey: null,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
    payouts: testConnect,
    testConnect,
  };
}
