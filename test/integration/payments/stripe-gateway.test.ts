import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION } from '../../../adapters/payments/stripe/stripe-client';
import { StripeGateway } from '../../../adapters/payments/stripe/stripe-gateway';
import { unwrap } from '../../../domain/shared/result';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe';

const BOOKING = '0b5a3a51-6c3e-4c43-9a1e-2f5d7f0c9a11';
const REFERENCE = 'FACT-20261201-A7B2';

describe('the Stripe gateway against a local fake Stripe', () => {
  let fake: FakeStripe;
  let gateway: StripeGateway;

  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    gateway = new StripeGateway({ secretKey: 'sk_test_fake', apiBase: fake.url, maxNetworkRetries: 0 });
  });

  const create = (key = `${BOOKING}:intent:first`, amountPence = 5300) => gateway.createIntent({ bookingId: BOOKING, reference: REFERENCE, amountPence, currency: 'gbp', idempotencyKey: key });

  it('pins the API version to the installed SDK default and sends it on every call', async () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
    unwrap(await create(`${BOOKING}:version`));
    expect(fake.requests[0]!.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(gateway.testMode).toBe(true);
  });

  it('creates a manual-capture intent in pence and GBP with the booking in metadata and an idempotency key', async () => {
    const intent = unwrap(await create(`${BOOKING}:intent:first`));
    const request = fake.writes()[0]!;
    expect(request.path).toBe('/v1/payment_intents');
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.headers['idempotency-key']).toBe(`${BOOKING}:intent:first`);
    expect(request.form).toMatchObject({
      amount: '5300',
      currency: 'gbp',
      capture_method: 'manual',
      'metadata[booking_id]': BOOKING,
      'metadata[reference]': REFERENCE,
      'automatic_payment_methods[enabled]': 'true',
    });
    expect(intent).toMatchObject({ status: 'requires_payment_method', amountPence: 5300, amountCapturedPence: 0, amountRefundedPence: 0, lastError: null });
    expect(intent.clientSecret).toMatch(/_secret_/);
  });

  it('answers a repeated create with the same key with the first intent instead of a second one', async () => {
    const first = unwrap(await create(`${BOOKING}:intent:again`));
    const second = unwrap(await create(`${BOOKING}:intent:again`));
    expect(second.intentId).toBe(first.intentId);
    expect([...fake.intents.values()].filter((pi) => pi.id === first.intentId)).toHaveLength(1);
  });

  it('captures the authorised amount, then refunds part of it, keyed per step', async () => {
    const intent = unwrap(await create(`${BOOKING}:intent:capture`));
    fake.authorise(intent.intentId);
    const held = unwrap(await gateway.retrieveIntent(intent.intentId));
    expect(held).toMatchObject({ status: 'requires_capture', amountCapturedPence: 0 });

    const captured = unwrap(await gateway.capture({ intentId: intent.intentId, amountPence: 5300, idempotencyKey: `${BOOKING}:capture` }));
    expect(captured).toMatchObject({ status: 'succeeded', amountCapturedPence: 5300, amountRefundedPence: 0 });
    const capture = fake.writes().find((r) => r.path.endsWith('/capture'))!;
    expect(capture.form.amount_to_capture).toBe('5300');
    expect(capture.headers['idempotency-key']).toBe(`${BOOKING}:capture`);

    const refunded = unwrap(await gateway.refund({ intentId: intent.intentId, amountPence: 300, idempotencyKey: `${BOOKING}:refund-cancellation` }));
    expect(refunded).toMatchObject({ status: 'succeeded', amountCapturedPence: 5300, amountRefundedPence: 300 });
    const refund = fake.writes().find((r) => r.path === '/v1/refunds')!;
    expect(refund.form).toMatchObject({ payment_intent: intent.intentId, amount: '300', 'metadata[source]': 'fact' });
    expect(refund.headers['idempotency-key']).toBe(`${BOOKING}:refund-cancellation`);

    // The same refund again (a retried job) replays the first answer: still 300 refunded, not 600.
    const again = unwrap(await gateway.refund({ intentId: intent.intentId, amountPence: 300, idempotencyKey: `${BOOKING}:refund-cancellation` }));
    expect(again.amountRefundedPence).toBe(300);
  });

  it('counts only its own refunds after a partial capture, not the released rest of the hold', async () => {
    const intent = unwrap(await create(`${BOOKING}:intent:partial`));
    fake.authorise(intent.intentId);
    unwrap(await gateway.capture({ intentId: intent.intentId, amountPence: 5000, idempotencyKey: `${BOOKING}:refund-cancellation:capture` }));
    expect(unwrap(await gateway.retrieveIntent(intent.intentId))).toMatchObject({ amountCapturedPence: 5000, amountRefundedPence: 0 });
    const refunded = unwrap(await gateway.refund({ intentId: intent.intentId, amountPence: 1000, idempotencyKey: `${BOOKING}:refund-dispute` }));
    expect(refunded).toMatchObject({ amountCapturedPence: 5000, amountRefundedPence: 1000 });
  });

  it('voids an authorisation with the void key', async () => {
    const intent = unwrap(await create(`${BOOKING}:intent:void`));
    fake.authorise(intent.intentId);
    const voided = unwrap(await gateway.cancel({ intentId: intent.intentId, idempotencyKey: `${BOOKING}:void` }));
    expect(voided.status).toBe('canceled');
    expect(fake.writes().find((r) => r.path.endsWith('/cancel'))!.headers['idempotency-key']).toBe(`${BOOKING}:void`);
  });

  it("reports a declined card with the provider's words", async () => {
    const intent = unwrap(await create(`${BOOKING}:intent:declined`));
    fake.decline(intent.intentId, 'insufficient_funds', 'Your card has insufficient funds.');
    const read = unwrap(await gateway.retrieveIntent(intent.intentId));
    expect(read.status).toBe('requires_payment_method');
    expect(read.lastError).toEqual({ code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
  });

  it("maps Stripe's refusals to the port's errors with the provider's message, not retryable", async () => {
    const intent = unwrap(await create(`${BOOKING}:intent:refused`));
    const result = await gateway.capture({ intentId: intent.intentId, amountPence: 5300, idempotencyKey: `${BOOKING}:capture-too-early` });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('payment_intent_unexpected_state');
    expect(result.error.message).toMatch(/status of requires_payment_method/);
    expect(result.error.retryable).toBe(false);

    const missing = await gateway.retrieveIntent('pi_nope');
    expect(missing.ok ? null : missing.error).toMatchObject({ code: 'resource_missing', retryable: false });
  });

  it('reuses a key with other parameters only to be refused', async () => {
    unwrap(await create(`${BOOKING}:intent:reused`, 5300));
    const other = await create(`${BOOKING}:intent:reused`, 9900);
    expect(other.ok ? null : other.error).toMatchObject({ retryable: false });
    expect(other.ok ? '' : other.error.message).toMatch(/same parameters/);
  });

  it('marks provider outages and network failures as retryable', async () => {
    fake.failNext({ status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } });
    const outage = await create(`${BOOKING}:intent:outage`);
    expect(outage.ok ? null : outage.error).toMatchObject({ retryable: true, message: 'An unknown error occurred' });

    const offline = new StripeGateway({ secretKey: 'sk_test_fake', apiBase: 'http://127.0.0.1:9', maxNetworkRetries: 0, timeoutMs: 2_000 });
    const result = await offline.retrieveIntent('pi_x');
    expect(result.ok ? null : result.error).toMatchObject({ code: 'network_error', retryable: true });
  });

  it('retries a failed write with the same Idempotency-Key, so it runs once', async () => {
    const retrying = new StripeGateway({ secretKey: 'sk_test_fake', apiBase: fake.url, maxNetworkRetries: 1 });
    fake.failNext({ status: 503, body: { error: { type: 'api_error', message: 'Service unavailable' } } });
    const before = fake.intents.size;
    const intent = unwrap(await retrying.createIntent({ bookingId: BOOKING, reference: REFERENCE, amountPence: 5300, currency: 'gbp', idempotencyKey: `${BOOKING}:intent:retry` }));
    const attempts = fake.writes().filter((r) => r.headers['idempotency-key'] === `${BOOKING}:intent:retry`);
    expect(attempts).toHaveLength(2);
    expect(fake.intents.size).toBe(before + 1);
    expect(intent.status).toBe('requires_payment_method');
  });
});
