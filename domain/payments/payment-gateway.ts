import type { Id } from '../shared/ids';
import type { Pence } from '../shared/money';
import type { GatewayResult } from '../shared/gateway-result';

/**
 * Port: the card payment provider (Stripe in production; a built-in test gateway with Stripe's
 * test-card behaviour when no keys are configured). PaymentIntents use manual capture. Every
 * call that changes something carries an idempotency key derived from the booking and the step.
 */
export type Currency = 'gbp';

/** Stripe's PaymentIntent statuses. */
export type GatewayIntentStatus =
  | 'requires_payment_method' // new, or the last card attempt failed (see lastError)
  | 'requires_confirmation'
  | 'requires_action' // 3-D Secure and the like
  | 'processing'
  | 'requires_capture' // authorised: funds held on the card
  | 'succeeded' // captured (amountCapturedPence)
  | 'canceled';

export interface GatewayIntent {
  readonly intentId: string;
  readonly status: GatewayIntentStatus;
  /** The amount of the intent (the booking total). */
  readonly amountPence: Pence;
  /** What was captured (Stripe's amount_received); 0 until captured. */
  readonly amountCapturedPence: Pence;
  /** What was refunded of the capture so far. */
  readonly amountRefundedPence: Pence;
  /** For the browser to confirm the card with; null when the provider does not return it. */
  readonly clientSecret: string | null;
  /** Why the last card attempt failed, in the provider's words. */
  readonly lastError: { readonly code: string; readonly message: string } | null;
  /**
   * When the provider authorised the card (its clock, not FACT's), if it says: the hold lapses a
   * set time after this, so a request's response deadline counts from it. Null when unknown.
   */
  readonly authorisedAt: Date | null;
}

export type { GatewayError, GatewayResult } from '../shared/gateway-result';

export interface CreateIntentInput {
  readonly bookingId: Id;
  /** The booking reference, shown in the provider's dashboard and on statements. */
  readonly reference: string;
  readonly amountPence: Pence;
  readonly currency: Currency;
  readonly idempotencyKey: string;
}

export interface PaymentGateway {
  /** True for the built-in test gateway or test keys: the UI says so. */
  readonly testMode: boolean;
  createIntent(input: CreateIntentInput): Promise<GatewayResult<GatewayIntent & { readonly clientSecret: string }>>;
  retrieveIntent(intentId: string): Promise<GatewayResult<GatewayIntent>>;
  /** Takes `amountPence` of the authorisation (at most the authorised amount); the rest lapses. */
  capture(input: { readonly intentId: string; readonly amountPence: Pence; readonly idempotencyKey: string }): Promise<GatewayResult<GatewayIntent>>;
  /** Cancels an intent that has not been captured. */
  cancel(input: { readonly intentId: string; readonly idempotencyKey: string }): Promise<GatewayResult<GatewayIntent>>;
  /** Refunds part or all of a captured intent; returns the intent as it is after the refund. */
  refund(input: { readonly intentId: string; readonly amountPence: Pence; readonly idempotencyKey: string }): Promise<GatewayResult<GatewayIntent>>;
}
