import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { apiBaseOptions } from './stripe-client';
import { refundedByUs, toGatewayError, toGatewayIntent } from './stripe-mapping';

describe('Stripe in the terms of the payment-gateway port', () => {
  it('points the SDK at STRIPE_API_BASE', () => {
    expect(apiBaseOptions('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: '12111', protocol: 'http' });
    expect(apiBaseOptions('https://stripe.internal')).toEqual({ host: 'stripe.internal', port: 443, protocol: 'https' });
    expect(apiBaseOptions(undefined)).toEqual({});
  });

  it("reads an intent's amounts and the provider's words for the last failure", () => {
    const pi = {
      id: 'pi_1',
      status: 'requires_payment_method',
      amount: 5300,
      amount_received: 0,
      client_secret: 'pi_1_secret',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    } as unknown as Stripe.PaymentIntent;
    expect(toGatewayIntent(pi)).toEqual({
      intentId: 'pi_1',
      status: 'requires_payment_method',
      amountPence: 5300,
      amountCapturedPence: 0,
      amountRefundedPence: 0,
      clientSecret: 'pi_1_secret',
      lastError: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
      authorisedAt: null,
    });
    expect(toGatewayIntent({ ...pi, status: 'some_new_status' }).status).toBe('processing');
  });

  it("takes the card's authorisation time from the expanded charge, and none from a charge id alone", () => {
    const pi = { id: 'pi_2', status: 'requires_capture', amount: 5300, amount_received: 0, client_secret: null, last_payment_error: null } as unknown as Stripe.PaymentIntent;
    const charge = { id: 'ch_1', created: 1_796_000_000 } as unknown as Stripe.Charge;
    expect(toGatewayIntent({ ...pi, latest_charge: charge }).authorisedAt).toEqual(new Date(1_796_000_000_000));
    expect(toGatewayIntent({ ...pi, latest_charge: 'ch_1' }).authorisedAt).toBeNull();
  });

  it("counts only FACT's own refunds that went through or are on their way", () => {
    const refund = (amount: number, status: string, source?: string) => ({ amount, status, metadata: source ? { source } : {} }) as Stripe.Refund;
    expect(refundedByUs([refund(300, 'succeeded', 'fact'), refund(200, 'pending', 'fact'), refund(100, 'failed', 'fact'), refund(5000, 'succeeded')])).toBe(500);
  });

  it('tells refusals (not retryable) from outages (retryable)', () => {
    expect(toGatewayError({ type: 'StripeCardError', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', statusCode: 402 })).toEqual({
      code: 'generic_decline',
      message: 'Your card was declined.',
      retryable: false,
    });
    expect(toGatewayError({ type: 'StripeInvalidRequestError', code: 'payment_intent_unexpected_state', message: 'x', statusCode: 400 }).retryable).toBe(false);
    expect(toGatewayError({ type: 'StripeAPIError', message: 'boom', statusCode: 500 }).retryable).toBe(true);
    expect(toGatewayError({ type: 'StripeRateLimitError', message: 'slow down', statusCode: 429 })).toMatchObject({ code: 'rate_limit', retryable: true });
    expect(toGatewayError({ type: 'StripeConnectionError', message: 'socket hang up' })).toMatchObject({ code: 'network_error', retryable: true });
    expect(toGatewayError({ type: 'StripeInvalidRequestError', code: 'lock_timeout', message: 'locked', statusCode: 400 }).retryable).toBe(true);
  });
});
