import type Stripe from 'stripe';
import type { CreateIntentInput, GatewayIntent, GatewayResult, PaymentGateway } from '../../../domain/payments/payment-gateway';
import type { Pence } from '../../../domain/shared/money';
import { err, ok } from '../../../domain/shared/result';
import { createStripeClient, type StripeClientOptions } from './stripe-client';
import { REFUND_SOURCE, refundedByUs, toGatewayError, toGatewayIntent } from './stripe-mapping';

/**
 * The payment-gateway port over Stripe PaymentIntents: GBP, manual capture (the card is only
 * authorised until the coach accepts), the booking id and reference in metadata. Every write
 * carries the caller's idempotency key (`${bookingId}:${step}`) as Stripe's Idempotency-Key, so
 * a retried call returns the first answer instead of moving money twice. Errors come back as
 * values with the provider's message (SPEC §8 shows it to the client).
 */
export class StripeGateway implements PaymentGateway {
  readonly testMode: boolean;
  readonly #stripe: Stripe;

  constructor(options: StripeClientOptions | { readonly client: Stripe; readonly secretKey: string }) {
    this.#stripe = 'client' in options ? options.client : createStripeClient(options);
    this.testMode = options.secretKey.startsWith('sk_test_');
  }

  async createIntent(input: CreateIntentInput): Promise<GatewayResult<GatewayIntent & { readonly clientSecret: string }>> {
    const result = await this.#call(async () => {
      const pi = await this.#stripe.paymentIntents.create(
        {
          amount: input.amountPence,
          currency: input.currency,
          capture_method: 'manual',
          // The Payment Element shows what the dashboard enables and this intent allows (cards, Apple Pay /
          // Google Pay, Link; with manual capture only methods that can be captured later).
          automatic_payment_methods: { enabled: true },
          description: `FACT booking ${input.reference}`,
          metadata: { booking_id: input.bookingId, reference: input.reference },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toGatewayIntent(pi);
    });
    if (!result.ok) return result;
    const { clientSecret } = result.value;
    if (clientSecret === null) return err({ code: 'missing_client_secret', message: 'Stripe returned no client secret.', retryable: false });
    return ok({ ...result.value, clientSecret });
  }

  retrieveIntent(intentId: string): Promise<GatewayResult<GatewayIntent>> {
    return this.#call(() => this.#retrieve(intentId));
  }

  capture(input: { intentId: string; amountPence: Pence; idempotencyKey: string }): Promise<GatewayResult<GatewayIntent>> {
    return this.#call(async () => {
      await this.#stripe.paymentIntents.capture(input.intentId, { amount_to_capture: input.amountPence }, { idempotencyKey: input.idempotencyKey });
      return this.#retrieve(input.intentId);
    });
  }

  cancel(input: { intentId: string; idempotencyKey: string }): Promise<GatewayResult<GatewayIntent>> {
    return this.#call(async () => {
      await this.#stripe.paymentIntents.cancel(input.intentId, { cancellation_reason: 'requested_by_customer' }, { idempotencyKey: input.idempotencyKey });
      return this.#retrieve(input.intentId);
    });
  }

  refund(input: { intentId: string; amountPence: Pence; idempotencyKey: string }): Promise<GatewayResult<GatewayIntent>> {
    return this.#call(async () => {
      await this.#stripe.refunds.create(
        {
          payment_intent: input.intentId,
          amount: input.amountPence,
          reason: 'requested_by_customer',
          metadata: { source: REFUND_SOURCE, idempotency_key: input.idempotencyKey },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return this.#retrieve(input.intentId);
    });
  }

  /** The intent, with what FACT refunded of it once captured. */
  async #retrieve(intentId: string): Promise<GatewayIntent> {
    // The charge says when the card was authorised (the hold's lapse counts from it).
    const pi = await this.#stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    if (pi.status !== 'succeeded') return toGatewayIntent(pi);
    const refunds = await this.#stripe.refunds.list({ payment_intent: intentId, limit: 100 });
    return toGatewayIntent(pi, refundedByUs(refunds.data));
  }

  async #call<T>(body: () => Promise<T>): Promise<GatewayResult<T>> {
    try {
      return ok(await body());
    } catch (error) {
      return err(toGatewayError(error));
    }
  }
}
