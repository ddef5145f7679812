import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '../../../adapters/composition-root';
import { STRIPE_API_VERSION } from '../../../adapters/payments/stripe/stripe-client';
import { mountStripeWebhook } from '../../../adapters/payments/webhooks/mount-stripe-webhook';
import type { Booking } from '../../../domain/booking/lifecycle/booking';
import { startPayment } from '../../../domain/payments/use-cases/start-payment';
import { unwrap } from '../../../domain/shared/result';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe';
import { createAppWith, HOUR, insertParty, loadBooking, storeBooking, WEBHOOK_SECRET, type Party } from './payment-fixtures';

describe('Stripe webhooks at /webhooks/stripe', () => {
  let db: TestDatabase;
  let fake: FakeStripe;
  let app: Application;
  let server: Server;
  let url: string;
  let client: Party;
  let coach: Party;

  beforeAll(async () => {
    db = await createTestDatabase();
    fake = await startFakeStripe();
    app = await createAppWith(db, {
      STRIPE_SECRET_KEY: 'sk_test_fact',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fact',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    });
    const http = express();
    mountStripeWebhook(http, app);
    server = http.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`;
    client = await insertParty(db, 'client');
    coach = await insertParty(db, 'coach');
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await app?.close();
    await fake?.close();
    await db?.drop();
  });

  /** A pending booking whose payment intent exists at the (fake) Stripe. */
  async function bookingWithIntent(): Promise<{ booking: Booking; intentId: string }> {
    const booking = await storeBooking(app, client, coach);
    const session = unwrap(await startPayment(app.deps(), { actor: client.actor, bookingId: booking.id }));
    return { booking: await loadBooking(app, booking.id), intentId: session.intentId };
  }
  const snapshot = (intentId: string) => structuredClone(fake.intents.get(intentId)!);
  const event = (type: string, object: unknown, id = `evt_${randomUUID().replace(/-/g, '')}`) =>
    JSON.stringify({
      id,
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });

  async function deliver(payload: string, options: { secret?: string; timestamp?: number } = {}) {
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it('authorises the booking when Stripe reports the funds are held, and records the event', async () => {
    const { booking, intentId } = await bookingWithIntent();
    fake.authorise(intentId);
    const payload = event('payment_intent.amount_capturable_updated', snapshot(intentId));
    const reply = await deliver(payload);
    expect(reply).toMatchObject({ status: 200, body: { received: true, outcome: 'processed', bookingId: booking.id } });
    const after = await loadBooking(app, booking.id);
    expect(after).toMatchObject({ paymentStatus: 'authorized', amountAuthorizedPence: 5300, amountCapturedPence: 0 });
    const [row] = await db.query<{ processed_at: Date | null; type: string }>(`select processed_at, type from webhook_events where event_id = $1`, [JSON.parse(payload).id]);
    expect(row).toMatchObject({ type: 'payment_intent.amount_capturable_updated' });
    expect(row!.processed_at).not.toBeNull();
  });

  it('refuses a bad signature and changes nothing', async () => {
    const { booking, intentId } = await bookingWithIntent();
    fake.authorise(intentId);
    const payload = event('payment_intent.amount_capturable_updated', snapshot(intentId));
    const reply = await deliver(payload, { secret: 'whsec_someone_else' });
    expect(reply).toEqual({ status: 400, body: { error: 'Invalid signature.' } });
    expect((await loadBooking(app, booking.id)).paymentStatus).toBe('pending');
    expect(await db.query(`select 1 from webhook_events where event_id = $1`, [JSON.parse(payload).id])).toHaveLength(0);
    const tampered = await fetch(url, {
      method: 'POST',
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      body: payload.replace('"livemode":false', '"livemode":true'),
    });
    expect(tampered.status).toBe(400);
  });

  it('refuses a signature older than five minutes (a replay)', async () => {
    const { booking, intentId } = await bookingWithIntent();
    fake.authorise(intentId);
    const payload = event('payment_intent.amount_capturable_updated', snapshot(intentId));
    const stale = await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(400);
    expect((await loadBooking(app, booking.id)).paymentStatus).toBe('pending');
    const fresh = await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 200 });
    expect(fresh.status).toBe(200);
  });

  it('processes a duplicate delivery once', async () => {
    const { booking, intentId } = await bookingWithIntent();
    fake.authorise(intentId);
    const payload = event('payment_intent.amount_capturable_updated', snapshot(intentId));
    const [first, second] = await Promise.all([deliver(payload), deliver(payload)]);
    expect([first.body.outcome, second.body.outcome].sort()).toEqual(['duplicate', 'processed']);
    const third = await deliver(payload);
    expect(third).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    const after = await loadBooking(app, booking.id);
    expect(after.version).toBe(booking.version + 1);
    const notes = await db.query(`select 1 from outbox_jobs where type = 'booking.notification' and payload->>'bookingId' = $1`, [booking.id]);
    expect(notes).toHaveLength(1);
  });

  it('converges on the latest state whatever the order of events, never going back', async () => {
    const { booking, intentId } = await bookingWithIntent();
    fake.decline(intentId, 'card_declined', 'Your card was declined.');
    const failed = snapshot(intentId);
    fake.authorise(intentId);
    const held = snapshot(intentId);
    unwrap(await app.payments.gateway.capture({ intentId, amountPence: 5300, idempotencyKey: `${booking.id}:capture:test` }));
    const captured = snapshot(intentId);

    for (const [type, object] of [
      ['payment_intent.succeeded', captured],
      ['payment_intent.payment_failed', failed],
      ['payment_intent.amount_capturable_updated', held],
    ] as const) {
      expect((await deliver(event(type, object))).status).toBe(200);
      const now = await loadBooking(app, booking.id);
      expect(now).toMatchObject({ paymentStatus: 'captured', amountAuthorizedPence: 5300, amountCapturedPence: 5300, amountRefundedPence: 0 });
      expect(now.paymentHeldUntil?.toISOString()).toBe(new Date(booking.startsAt.getTime() + (60 / 60 + 48) * HOUR).toISOString());
    }

    unwrap(await app.payments.gateway.refund({ intentId, amountPence: 300, idempotencyKey: `${booking.id}:refund-cancellation` }));
    const charge = { id: 'ch_any', object: 'charge', payment_intent: intentId, amount: 5300, amount_captured: 5300, amount_refunded: 300, captured: true, refunded: false };
    expect((await deliver(event('charge.refunded', charge))).body.outcome).toBe('processed');
    expect((await deliver(event('charge.refunded', charge))).body.outcome).toBe('processed'); // another event id, same refund
    expect(await loadBooking(app, booking.id)).toMatchObject({ paymentStatus: 'partially_refunded', amountCapturedPence: 5300, amountRefundedPence: 300 });

    // A late "held" event after the refund changes nothing.
    await deliver(event('payment_intent.amount_capturable_updated', held));
    expect((await loadBooking(app, booking.id)).amountRefundedPence).toBe(300);
  });

  it('voids an authorisation that Stripe reports cancelled', async () => {
    const { booking, intentId } = await bookingWithIntent();
    fake.authorise(intentId);
    await deliver(event('payment_intent.amount_capturable_updated', snapshot(intentId)));
    unwrap(await app.payments.gateway.cancel({ intentId, idempotencyKey: `${booking.id}:void` }));
    await deliver(event('payment_intent.canceled', snapshot(intentId)));
    expect(await loadBooking(app, booking.id)).toMatchObject({ paymentStatus: 'voided', amountCapturedPence: 0 });
  });

  it('records a failed card attempt so the client can try again', async () => {
    const { booking, intentId } = await bookingWithIntent();
    fake.decline(intentId, 'insufficient_funds', 'Your card has insufficient funds.');
    await deliver(event('payment_intent.payment_failed', snapshot(intentId)));
    expect((await loadBooking(app, booking.id)).paymentStatus).toBe('failed');
  });

  it('acknowledges events it does not handle and intents it does not know', async () => {
    const other = await deliver(event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(other).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    const unknown = await deliver(
      event('payment_intent.succeeded', {
        id: 'pi_unknown',
        object: 'payment_intent',
        status: 'succeeded',
        amount: 100,
        amount_received: 100,
        client_secret: null,
        last_payment_error: null,
        latest_charge: null,
      }),
    );
    expect(unknown).toMatchObject({ status: 200, body: { outcome: 'ignored', why: 'unknown payment intent' } });
  });
});
