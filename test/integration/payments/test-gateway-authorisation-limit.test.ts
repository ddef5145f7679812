import { afterEach, describe, expect, it } from 'vitest';
import { TestGateway } from '../../../adapters/payments/test-gateway/test-gateway';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';

/**
 * Stripe voids an uncaptured card authorisation after 7 days; the offline gateway models it, so a
 * capture that came too late fails in the tests as it would in production.
 */
const BOOKING = '7e1d2c3b-4a59-4687-9a10-2b3c4d5e6f70';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const AUTHORISED = new Date('2026-05-04T08:00:00Z');

describe('the offline gateway’s 7-day authorisation limit', () => {
  const ctx = useTestApp();
  const gateway = () => {
    const g = ctx.app.payments.gateway;
    if (!(g instanceof TestGateway)) throw new Error('expected the test gateway without Stripe keys');
    return g;
  };
  const setClock = (ms: number) => ctx.app.testClock!.set(new Date(AUTHORISED.getTime() + ms));
  afterEach(() => ctx.app.testClock!.reset());
  let n = 0;

  /** When the gateway recorded the authorisation (the test clock runs on from where it is set). */
  const authorisedAt = async (intentId: string) =>
    Date.parse((await ctx.db.query<{ at: string }>(`select metadata->>'authorized_at' as at from test_gateway_intents where id = $1`, [intentId]))[0]!.at);
  /** Sets the clock `ms` after the intent's authorisation. */
  const afterAuthorisation = async (intentId: string, ms: number) => ctx.app.testClock!.set(new Date((await authorisedAt(intentId)) + ms));

  /** An intent for £53.00 authorised about AUTHORISED with `card` (3-D Secure cards complete the challenge `challengeAfter` later). */
  async function authorised(card = '4242424242424242', challengeAfter = 0): Promise<string> {
    setClock(0);
    const intent = unwrap(await gateway().createIntent({ bookingId: BOOKING, reference: 'FACT-20260504-LIMT', amountPence: 5300, currency: 'gbp', idempotencyKey: `limit:intent:${++n}` }));
    const confirmed = unwrap(await gateway().confirmCard({ intentId: intent.intentId, cardNumber: card, expiry: '12/34', cvc: '123', idempotencyKey: `limit:confirm:${++n}` }));
    if (confirmed.status === 'requires_action') {
      setClock(challengeAfter);
      unwrap(await gateway().authenticate({ intentId: intent.intentId, result: 'complete', idempotencyKey: `limit:3ds:${++n}` }));
    }
    return intent.intentId;
  }
  const capture = (intentId: string) => gateway().capture({ intentId, amountPence: 5300, idempotencyKey: `limit:capture:${++n}` });

  it('captures an authorisation a minute before its 7 days are over', async () => {
    const intentId = await authorised();
    await afterAuthorisation(intentId, 7 * DAY - MINUTE);
    expect(unwrap(await capture(intentId))).toMatchObject({ status: 'succeeded', amountCapturedPence: 5300 });
  });

  it('voids an authorisation at 7 days: it reads as canceled and a capture on it fails with nothing taken', async () => {
    const intentId = await authorised();
    await afterAuthorisation(intentId, 7 * DAY);
    expect(unwrap(await gateway().retrieveIntent(intentId))).toMatchObject({ status: 'canceled', amountCapturedPence: 0 });
    const late = await capture(intentId);
    expect(late.ok ? null : late.error.code).toBe('payment_intent_unexpected_state');
    const [row] = await ctx.db.query<{ status: string; amount_received_pence: number; amount_capturable_pence: number; metadata: Record<string, string> }>(
      'select status, amount_received_pence, amount_capturable_pence, metadata from test_gateway_intents where id = $1',
      [intentId],
    );
    expect(row).toMatchObject({ status: 'canceled', amount_received_pence: 0, amount_capturable_pence: 0 });
    expect(row!.metadata.cancellation_reason).toBe('automatic');
  });

  it('lapses on a capture that is the first to look at it after the 7 days', async () => {
    const intentId = await authorised();
    setClock(8 * DAY);
    const late = await capture(intentId);
    expect(late.ok ? null : late.error.code).toBe('payment_intent_unexpected_state');
    expect(unwrap(await gateway().retrieveIntent(intentId)).status).toBe('canceled');
  });

  it('counts the 7 days from when a 3-D Secure challenge completed the authorisation', async () => {
    const intentId = await authorised('4000002500003155', 2 * DAY);
    expect((await authorisedAt(intentId)) - AUTHORISED.getTime()).toBeGreaterThanOrEqual(2 * DAY);
    await afterAuthorisation(intentId, 7 * DAY - MINUTE);
    expect(unwrap(await gateway().retrieveIntent(intentId)).status).toBe('requires_capture');
    await afterAuthorisation(intentId, 7 * DAY);
    expect(unwrap(await gateway().retrieveIntent(intentId)).status).toBe('canceled');
  });

  it('leaves a captured payment alone after 7 days', async () => {
    const intentId = await authorised();
    setClock(DAY);
    unwrap(await capture(intentId));
    setClock(30 * DAY);
    expect(unwrap(await gateway().retrieveIntent(intentId)).status).toBe('succeeded');
  });
});
