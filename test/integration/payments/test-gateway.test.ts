import { describe, expect, it } from 'vitest';
import { createApplication } from '../../../adapters/composition-root';
import { loadEnv } from '../../../adapters/config/env';
import { createLogger } from '../../../adapters/logging/logger';
import { TestGateway } from '../../../adapters/payments/test-gateway/test-gateway';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { TEST_HASH_COST } from '../../support/test-env';

const BOOKING = '5d0c8a2e-3f0b-4b7e-9a64-1c2d3e4f5a6b';

describe('the offline test gateway', () => {
  const ctx = useTestApp();
  const gateway = () => {
    const g = ctx.app.payments.gateway;
    if (!(g instanceof TestGateway)) throw new Error('expected the test gateway without Stripe keys');
    return g;
  };
  let n = 0;
  const create = async (amountPence = 5300) =>
    unwrap(await gateway().createIntent({ bookingId: BOOKING, reference: 'FACT-20261201-TEST', amountPence, currency: 'gbp', idempotencyKey: `${BOOKING}:intent:${++n}` }));
  const pay = (intentId: string, cardNumber: string, key = `${intentId}:confirm:${++n}`) => gateway().confirmCard({ intentId, cardNumber, expiry: '12/34', cvc: '123', idempotencyKey: key });

  it('is chosen when no Stripe keys are configured, and says it is in test mode', () => {
    expect(ctx.app.payments.provider).toBe('test');
    expect(ctx.app.payments.testCards).not.toBeNull();
    expect(gateway().testMode).toBe(true);
  });

  it('authorises 4242 4242 4242 4242, captures and refunds to the penny', async () => {
    const intent = await create();
    expect(intent).toMatchObject({ status: 'requires_payment_method', amountPence: 5300 });
    const held = unwrap(await pay(intent.intentId, '4242 4242 4242 4242'));
    expect(held).toMatchObject({ status: 'requires_capture', amountCapturedPence: 0, lastError: null });
    const captured = unwrap(await gateway().capture({ intentId: intent.intentId, amountPence: 5000, idempotencyKey: `${BOOKING}:capture:a` }));
    expect(captured).toMatchObject({ status: 'succeeded', amountCapturedPence: 5000 });
    const refunded = unwrap(await gateway().refund({ intentId: intent.intentId, amountPence: 300, idempotencyKey: `${BOOKING}:refund:a` }));
    expect(refunded.amountRefundedPence).toBe(300);
    const tooMuch = await gateway().refund({ intentId: intent.intentId, amountPence: 4701, idempotencyKey: `${BOOKING}:refund:b` });
    expect(tooMuch.ok ? null : tooMuch.error.code).toBe('amount_too_large');
  });

  it("declines 4000 0000 0000 0002 with Stripe's words, then accepts a good card on the same intent", async () => {
    const intent = await create();
    const declined = await pay(intent.intentId, '4000 0000 0000 0002');
    expect(declined.ok ? null : declined.error).toEqual({ code: 'card_declined', message: 'Your card was declined.', retryable: false });
    const read = unwrap(await gateway().retrieveIntent(intent.intentId));
    expect(read).toMatchObject({ status: 'requires_payment_method', lastError: { code: 'card_declined', message: 'Your card was declined.' } });
    const retried = unwrap(await pay(intent.intentId, '4242424242424242'));
    expect(retried).toMatchObject({ status: 'requires_capture', lastError: null });
  });

  const authenticate = (intentId: string, result: 'complete' | 'fail', key = `${intentId}:authenticate:${++n}`) => gateway().authenticate({ intentId, result, idempotencyKey: key });

  it('puts 4000 0025 0000 3155 in requires_action, and authorises it once the challenge is completed', async () => {
    const intent = await create();
    const waiting = unwrap(await pay(intent.intentId, '4000 0025 0000 3155'));
    expect(waiting).toMatchObject({ status: 'requires_action', amountCapturedPence: 0, lastError: null });
    expect(unwrap(await gateway().retrieveIntent(intent.intentId)).status).toBe('requires_action');
    const capturedEarly = await gateway().capture({ intentId: intent.intentId, amountPence: 5300, idempotencyKey: `${BOOKING}:capture:early` });
    expect(capturedEarly.ok ? null : capturedEarly.error.code).toBe('payment_intent_unexpected_state');

    const held = unwrap(await authenticate(intent.intentId, 'complete'));
    expect(held).toMatchObject({ status: 'requires_capture', lastError: null });
    const again = await authenticate(intent.intentId, 'complete');
    expect(again.ok ? null : again.error.code).toBe('payment_intent_unexpected_state');
    expect(unwrap(await gateway().capture({ intentId: intent.intentId, amountPence: 5300, idempotencyKey: `${BOOKING}:capture:3ds` })).status).toBe('succeeded');
    const row = await ctx.db.query<{ metadata: Record<string, string> }>(`select metadata from test_gateway_intents where id = $1`, [intent.intentId]);
    expect(row[0]!.metadata).toMatchObject({ card_last4: '3155' });
    expect(row[0]!.metadata.next_action).toBeUndefined();
  });

  it("fails a failed challenge with Stripe's words, and takes another card on the same intent", async () => {
    const intent = await create();
    unwrap(await pay(intent.intentId, '4000002500003155'));
    const failed = await authenticate(intent.intentId, 'fail');
    const message = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    expect(failed.ok ? null : failed.error).toEqual({ code: 'payment_intent_authentication_failure', message, retryable: false });
    expect(unwrap(await gateway().retrieveIntent(intent.intentId))).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'payment_intent_authentication_failure', message },
    });
    const late = await authenticate(intent.intentId, 'complete');
    expect(late.ok ? null : late.error.code).toBe('payment_intent_unexpected_state');
    expect(unwrap(await pay(intent.intentId, '4242424242424242'))).toMatchObject({ status: 'requires_capture', lastError: null });
  });

  it('answers a repeated challenge outcome with the first answer, refuses one that never started, and lets a new card replace a pending challenge', async () => {
    const fresh = await create();
    const never = await authenticate(fresh.intentId, 'complete');
    expect(never.ok ? null : never.error.code).toBe('payment_intent_unexpected_state');
    const missing = await authenticate('pi_test_missing', 'complete');
    expect(missing.ok ? null : missing.error.code).toBe('resource_missing');

    unwrap(await pay(fresh.intentId, '4000002500003155'));
    const key = `${fresh.intentId}:authenticate:same`;
    const [a, b] = await Promise.all([authenticate(fresh.intentId, 'complete', key), authenticate(fresh.intentId, 'complete', key)]);
    expect(unwrap(a)).toEqual(unwrap(b));
    const otherAnswer = await authenticate(fresh.intentId, 'fail', key);
    expect(otherAnswer.ok ? null : otherAnswer.error.code).toBe('idempotency_key_in_use');

    const abandoned = await create();
    unwrap(await pay(abandoned.intentId, '4000002500003155'));
    expect(unwrap(await pay(abandoned.intentId, '4242424242424242'))).toMatchObject({ status: 'requires_capture' });
    const stale = await authenticate(abandoned.intentId, 'fail');
    expect(stale.ok ? null : stale.error.code).toBe('payment_intent_unexpected_state');
  });

  it('refuses 4000 0000 0000 9995 for insufficient funds', async () => {
    const intent = await create();
    const result = await pay(intent.intentId, '4000000000009995');
    expect(result.ok ? null : result.error).toMatchObject({ code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
  });

  it('refuses a wrong number, a past expiry and a missing CVC as Elements would', async () => {
    const intent = await create();
    const wrong = await pay(intent.intentId, '4242 4242 4242 4241');
    expect(wrong.ok ? null : wrong.error.message).toBe('Your card number is incorrect.');
    const expired = await gateway().confirmCard({ intentId: intent.intentId, cardNumber: '4242424242424242', expiry: '01/20', cvc: '123', idempotencyKey: 'exp' });
    expect(expired.ok ? null : expired.error.code).toBe('invalid_expiry_year');
    const noCvc = await gateway().confirmCard({ intentId: intent.intentId, cardNumber: '4242424242424242', expiry: '01/40', cvc: '', idempotencyKey: 'cvc' });
    expect(noCvc.ok ? null : noCvc.error.code).toBe('incomplete_cvc');
  });

  it('runs each write once per idempotency key, even when the calls race', async () => {
    const key = `${BOOKING}:intent:same`;
    const input = { bookingId: BOOKING, reference: 'FACT-20261201-TEST', amountPence: 5300, currency: 'gbp' as const, idempotencyKey: key };
    const [a, b] = await Promise.all([gateway().createIntent(input), gateway().createIntent(input)]);
    expect(unwrap(a).intentId).toBe(unwrap(b).intentId);
    const other = await gateway().createIntent({ ...input, amountPence: 9900 });
    expect(other.ok ? null : other.error.code).toBe('idempotency_key_in_use');

    const intentId = unwrap(a).intentId;
    unwrap(await pay(intentId, '4242424242424242'));
    const capture = () => gateway().capture({ intentId, amountPence: 5300, idempotencyKey: `${BOOKING}:capture:same` });
    const [c1, c2] = await Promise.all([capture(), capture()]);
    expect(unwrap(c1)).toEqual(unwrap(c2));
    const refund = () => gateway().refund({ intentId, amountPence: 1000, idempotencyKey: `${BOOKING}:refund:same` });
    await Promise.all([refund(), refund(), refund()]);
    expect(unwrap(await gateway().retrieveIntent(intentId)).amountRefundedPence).toBe(1000);
    const rows = await ctx.db.query<{ n: string }>(`select count(*) as n from test_gateway_intents where id = $1`, [intentId]);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('voids an authorisation and refuses to capture it afterwards', async () => {
    const intent = await create();
    unwrap(await pay(intent.intentId, '4242424242424242'));
    expect(unwrap(await gateway().cancel({ intentId: intent.intentId, idempotencyKey: `${BOOKING}:void:x` })).status).toBe('canceled');
    const late = await gateway().capture({ intentId: intent.intentId, amountPence: 5300, idempotencyKey: `${BOOKING}:capture:late` });
    expect(late.ok ? null : late.error.code).toBe('payment_intent_unexpected_state');
  });

  it('keeps only the last four digits of a card', async () => {
    const intent = await create();
    unwrap(await pay(intent.intentId, '4242 4242 4242 4242'));
    const stored = await ctx.db.query<{ dump: string }>(
      `select (select coalesce(string_agg(t::text, ' '), '') from test_gateway_intents t) || (select coalesce(string_agg(r::text, ' '), '') from test_gateway_requests r) as dump`,
    );
    expect(stored[0]!.dump).not.toMatch(/4242424242424242|4242 4242 4242 4242/);
    const row = await ctx.db.query<{ last4: string }>(`select metadata->>'card_last4' as last4 from test_gateway_intents where id = $1`, [intent.intentId]);
    expect(row[0]!.last4).toBe('4242');
  });

  it('keeps its state across a restart (a new application on the same database)', async () => {
    const intent = await create();
    unwrap(await pay(intent.intentId, '4242424242424242'));
    const env = loadEnv({ NODE_ENV: 'test', FACT_TEST_MODE: '1', ...TEST_HASH_COST, DATABASE_URL: ctx.db.url, LOG_LEVEL: 'silent' });
    const second = await createApplication({ env, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl: ctx.db.url, sessionSecret: 'x'.repeat(40) });
    try {
      const read = unwrap(await second.payments.gateway.retrieveIntent(intent.intentId));
      expect(read).toMatchObject({ status: 'requires_capture', amountPence: 5300 });
      const again = unwrap(
        await second.payments.gateway.createIntent({ bookingId: BOOKING, reference: 'FACT-20261201-TEST', amountPence: 5300, currency: 'gbp', idempotencyKey: `${BOOKING}:intent:1` }),
      );
      const first = await ctx.db.query<{ response: { result: { value: { intentId: string } } } }>(`select response from test_gateway_requests where idempotency_key = $1`, [`${BOOKING}:intent:1`]);
      expect(again.intentId).toBe(first[0]!.response.result.value.intentId);
    } finally {
      await second.close();
    }
  });
});
