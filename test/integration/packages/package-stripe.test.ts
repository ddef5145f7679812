import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '../../../adapters/composition-root';
import { STRIPE_API_VERSION } from '../../../adapters/payments/stripe/stripe-client';
import { mountStripeWebhook } from '../../../adapters/payments/webhooks/mount-stripe-webhook';
import { offerPackage } from '../../../domain/packages/use-cases/package-offers';
import { completePackagePurchase, startPackagePurchase } from '../../../domain/payments/use-cases/buy-package';
import { refundUnusedCredits } from '../../../domain/payments/use-cases/refund-package-credits';
import { unwrap } from '../../../domain/shared/result';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe';
import { createAppWith, insertParty, WEBHOOK_SECRET, type Party } from '../payments/payment-fixtures';

/**
 * A package through the Stripe gateway against the local fake Stripe (issue 48, 'both gateways'):
 * the purchase's intent captured once under its own key, unused sessions refunded under a key
 * naming the credits, and a lost chargeback on the purchase's charge, delivered as a signed
 * webhook, applied to its credits.
 */
describe('a package paid through Stripe', () => {
  let db: TestDatabase;
  let fake: FakeStripe;
  let app: Application;
  let server: Server;
  let url: string;
  let client: Party;
  let offerId = '';

  beforeAll(async () => {
    db = await createTestDatabase();
    fake = await startFakeStripe();
    app = await createAppWith(db, { STRIPE_SECRET_KEY: 'sk_test_fact', STRIPE_PUBLISHABLE_KEY: 'pk_test_fact', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url });
    const http = express();
    mountStripeWebhook(http, app);
    server = http.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`;
    const coach = await insertParty(db, 'coach');
    await db.query('update coach_profiles set is_verified = true where user_id = $1', [coach.id]);
    client = await insertParty(db, 'client');
    offerId = unwrap(await offerPackage(app.deps(), { actor: coach.actor, form: { sessions: 4, durationMinutes: 60, totalPricePence: 18_000, validityWeeks: 8, title: null } })).id;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await app?.close();
    await fake?.close();
    await db?.drop();
  });

  async function buy(): Promise<{ purchaseId: string; intentId: string }> {
    const session = unwrap(await startPackagePurchase(app.deps(), { actor: client.actor, offerId }));
    fake.authorise(session.intentId);
    unwrap(await completePackagePurchase(app.deps(), { actor: client.actor, purchaseId: session.purchaseId, intentId: session.intentId }));
    return { purchaseId: session.purchaseId, intentId: session.intentId };
  }
  const credits = async (purchaseId: string) => (await db.query<{ state: string }>('select state from package_credits where purchase_id = $1 order by position', [purchaseId])).map((r) => r.state);

  it('captures the price and one admin fee once, under the purchase’s own key, and refunds unused sessions under a key naming them', async () => {
    fake.requests.length = 0;
    const { purchaseId, intentId } = await buy();
    const capture = fake.writes().find((r) => r.path === `/v1/payment_intents/${intentId}/capture`);
    expect(capture?.headers['idempotency-key']).toMatch(new RegExp(`^package:${purchaseId}:capture`));
    expect(fake.intents.get(intentId)).toMatchObject({ status: 'succeeded', amount_received: 18_300 });
    expect(await credits(purchaseId)).toEqual(['available', 'available', 'available', 'available']);

    const refunded = unwrap(await refundUnusedCredits(app.deps(), { actor: client.actor, purchaseId }));
    expect(refunded).toMatchObject({ refundPence: 18_300 });
    const refund = fake.writes().filter((r) => r.path === '/v1/refunds');
    expect(refund).toHaveLength(1);
    expect(refund[0]!.form).toMatchObject({ payment_intent: intentId, amount: '18300' });
    expect(refund[0]!.headers['idempotency-key']).toContain(purchaseId);
    expect(await credits(purchaseId)).toEqual(['refunded', 'refunded', 'refunded', 'refunded']);
  });

  it('applies a lost chargeback on the purchase’s charge, delivered as a signed webhook, to its credits once', async () => {
    const { purchaseId, intentId } = await buy();
    const dispute = {
      id: `dp_${randomUUID().replace(/-/g, '')}`,
      object: 'dispute',
      payment_intent: intentId,
      amount: 18_300,
      reason: 'fraudulent',
      status: 'lost',
      created: Math.floor(Date.now() / 1000),
    };
    for (const type of ['charge.dispute.closed', 'charge.dispute.closed']) {
      const payload = JSON.stringify({
        id: `evt_${randomUUID().replace(/-/g, '')}`,
        object: 'event',
        api_version: STRIPE_API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: dispute },
      });
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
      expect(await res.json()).toMatchObject({ received: true, outcome: 'processed', chargebackId: dispute.id, chargebackStatus: 'lost' });
    }
    expect(await credits(purchaseId)).toEqual(['charged_back', 'charged_back', 'charged_back', 'charged_back']);
    const [row] = await db.query<{ status: string; applied: boolean; uncovered_pence: number }>(
      'select status, applied_at is not null as applied, uncovered_pence from package_chargebacks where id = $1',
      [dispute.id],
    );
    expect(row).toEqual({ status: 'lost', applied: true, uncovered_pence: 0 });
    const [fee] = await db.query<{ admin_fee_charged_back_pence: number }>('select admin_fee_charged_back_pence from package_purchases where id = $1', [purchaseId]);
    expect(fee!.admin_fee_charged_back_pence).toBe(300);
  });
});
