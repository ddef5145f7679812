import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '../../../adapters/composition-root';
import { createAppWorker } from '../../../adapters/outbox/app-worker';
import { STRIPE_API_VERSION } from '../../../adapters/payments/stripe/stripe-client';
import { mountStripeWebhook } from '../../../adapters/payments/webhooks/mount-stripe-webhook';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { cancelBooking } from '../../../domain/booking/lifecycle/use-cases/cancel-booking';
import { declineBooking } from '../../../domain/booking/lifecycle/use-cases/decline-booking';
import { requestSeries } from '../../../domain/booking/requests/use-cases/request-series';
import { openPaymentSession } from '../../../domain/payments/use-cases/open-payment-session';
import { settleSeriesPayment } from '../../../domain/payments/use-cases/settle-series-payment';
import { addDaysToIsoDate, londonToUtc, utcToLondon } from '../../../domain/shared/london-time';
import { unwrap } from '../../../domain/shared/result';
import { insertPerson, type Person } from '../../support/booking-flow';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe';
import { createAppWith, WEBHOOK_SECRET } from '../payments/payment-fixtures';

/**
 * A weekly series paid by card (decision 064) through the Stripe gateway against the local fake
 * Stripe: the series' one intent created once for every session and the fee, authorised by a
 * signed webhook while the client is gone, captured once for the sessions the coach accepted
 * under a key naming the series, and cancelled when the coach declines it all.
 */
const PRICE = 4500;
const FEE = 300;

describe('a weekly series paid by card through Stripe', () => {
  let db: TestDatabase;
  let fake: FakeStripe;
  let app: Application;
  let server: Server;
  let url: string;
  let coach: Person;
  let client: Person;

  beforeAll(async () => {
    db = await createTestDatabase();
    fake = await startFakeStripe();
    app = await createAppWith(db, { STRIPE_SECRET_KEY: 'sk_test_fact', STRIPE_PUBLISHABLE_KEY: 'pk_test_fact', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url });
    const http = express();
    mountStripeWebhook(http, app);
    server = http.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`;
    coach = await insertPerson(db, { type: 'coach', ratePence: PRICE, services: ['striker'] });
    client = await insertPerson(db, { type: 'client' });
    await db.query(`insert into availability_periods (id, coach_id, starts_at, ends_at) values ($1, $2, now() - interval '1 day', now() + interval '85 days')`, [randomUUID(), coach.id]);
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await app?.close();
    await fake?.close();
    await db?.drop();
  });

  /** 10:00 London, `days` from today. */
  const tenAm = (days: number) => londonToUtc(addDaysToIsoDate(utcToLondon(app.clock.now()).date, days), '10:00')!;

  /** Asks for a series at 10:00 on these days ahead and opens its Secure Payment on its first session. */
  async function askAndOpen(days: readonly number[]) {
    const starts = days.map(tenAm);
    const { series, bookings } = unwrap(
      await requestSeries(app.deps(), {
        actor: client.actor,
        coachId: coach.id,
        serviceType: 'striker',
        startsAt: starts[0]!,
        durationMinutes: 60,
        locationType: 'online',
        locationAddress: null,
        locationNotes: null,
        clientNotes: null,
        starts,
      }),
    );
    const session = unwrap(await openPaymentSession(app.deps(), { actor: client.actor, bookingId: bookings[0]!.id, as: 'client' }));
    return { seriesId: series.id, sessionIds: bookings.map((b) => b.id), intentId: session.intentId, session };
  }

  /** A signed event carrying the intent as the fake holds it (by default what Stripe sends once the card is held). */
  async function webhookFor(intentId: string, type = 'payment_intent.amount_capturable_updated') {
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: fake.intents.get(intentId) },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  const statuses = async (seriesId: string) =>
    (await db.query<{ status: string; payment_status: string }>('select status, payment_status from bookings where series_id = $1 order by starts_at', [seriesId])).map((r) => [
      r.status,
      r.payment_status,
    ]);
  const requestsTo = (path: string) => fake.writes().filter((r) => r.path === path);

  it('creates one intent for every session and the fee, and a signed webhook holds every session without the client confirming', async () => {
    fake.requests.length = 0;
    const { seriesId, intentId, session } = await askAndOpen([10, 17, 24]);
    expect(session).toMatchObject({ amountPence: 3 * PRICE + FEE, adminFeePence: FEE });
    const created = requestsTo('/v1/payment_intents');
    expect(created).toHaveLength(1);
    expect(created[0]!.form).toMatchObject({ amount: String(3 * PRICE + FEE), currency: 'gbp', capture_method: 'manual' });
    expect(created[0]!.headers['idempotency-key']).toMatch(new RegExp(`^series:${seriesId}:intent:`));
    expect(await statuses(seriesId)).toEqual(Array(3).fill(['pending', 'pending']));

    // The client's card is held in the browser, and they leave before the dialog confirms it.
    fake.authorise(intentId);
    expect(await webhookFor(intentId)).toMatchObject({ received: true, outcome: 'processed' });
    expect(await statuses(seriesId)).toEqual(Array(3).fill(['pending', 'authorized']));
    const [series] = await db.query<{ authorized: boolean }>('select authorized_at is not null as authorized from booking_series where id = $1', [seriesId]);
    expect(series).toEqual({ authorized: true });
    // The coach hears of it once, with every session listed.
    const emails = await db.query<{ sessions: number }>(
      `select jsonb_array_length(payload->'details'->'series') as sessions from outbox_jobs where type = 'email.booking_requested' and payload->'recipient'->>'userId' = $1`,
      [coach.id],
    );
    expect(emails).toEqual([{ sessions: 3 }]);
    // Another event for the same hold (a new event id, so not a duplicate delivery) tells no one twice.
    expect(await webhookFor(intentId)).toMatchObject({ received: true, outcome: 'processed' });
    expect(await db.query(`select 1 from outbox_jobs where type = 'email.booking_requested' and payload->'recipient'->>'userId' = $1`, [coach.id])).toHaveLength(1);
    // Opening the dialog again creates no second intent.
    expect(await openPaymentSession(app.deps(), { actor: client.actor, bookingId: (await askedSessions(seriesId))[1]!, as: 'client' })).toMatchObject({ ok: false, error: { code: 'ALREADY_PAID' } });
    expect(requestsTo('/v1/payment_intents')).toHaveLength(1);
  });

  const askedSessions = async (seriesId: string) => (await db.query<{ id: string }>('select id from bookings where series_id = $1 order by starts_at', [seriesId])).map((r) => r.id);

  it('captures once, when the coach accepts, for every session and the fee under a key naming the series; a rerun asks Stripe for nothing', async () => {
    const [{ id: seriesId }] = (await db.query<{ id: string }>('select id from booking_series where client_id = $1 order by created_at limit 1', [client.id])) as [{ id: string }];
    const [{ payment_intent_id: intentId }] = (await db.query<{ payment_intent_id: string }>('select payment_intent_id from booking_series where id = $1', [seriesId])) as [
      { payment_intent_id: string },
    ];
    fake.requests.length = 0;
    unwrap(await acceptBooking(app.deps(), { actor: coach.actor, bookingId: (await askedSessions(seriesId))[0]! }));
    // Acceptance moves no money itself: the series' job does.
    expect(requestsTo(`/v1/payment_intents/${intentId}/capture`)).toHaveLength(0);
    await createAppWorker(app).drain();

    const captures = requestsTo(`/v1/payment_intents/${intentId}/capture`);
    expect(captures).toHaveLength(1);
    expect(captures[0]!.form).toMatchObject({ amount_to_capture: String(3 * PRICE + FEE) });
    expect(captures[0]!.headers['idempotency-key']).toBe(`series:${seriesId}:capture:${3 * PRICE + FEE}`);
    expect(fake.intents.get(intentId)).toMatchObject({ status: 'succeeded', amount_received: 3 * PRICE + FEE });
    expect(await statuses(seriesId)).toEqual(Array(3).fill(['confirmed', 'captured']));

    expect(unwrap(await settleSeriesPayment(app.deps(), { seriesId }))).toEqual({ outcome: 'skipped' });
    await createAppWorker(app).drain();
    expect(requestsTo(`/v1/payment_intents/${intentId}/capture`)).toHaveLength(1);
    expect(requestsTo(`/v1/payment_intents/${intentId}/cancel`)).toHaveLength(0);
    // Once settled, the intent is the series' purchase's: Stripe's word on it changes no session.
    expect(await webhookFor(intentId, 'payment_intent.succeeded')).toMatchObject({ received: true, outcome: 'ignored' });
    expect(await statuses(seriesId)).toEqual(Array(3).fill(['confirmed', 'captured']));
  });

  it('leaves a session cancelled before the coach answered out of the capture', async () => {
    const { seriesId, sessionIds, intentId } = await askAndOpen([31, 38, 45]);
    fake.authorise(intentId);
    await webhookFor(intentId);
    unwrap(await cancelBooking(app.deps(), { actor: client.actor, bookingId: sessionIds[2]!, reason: 'Exams' }));
    expect(await statuses(seriesId)).toEqual([
      ['pending', 'authorized'],
      ['pending', 'authorized'],
      ['cancelled', 'voided'],
    ]);
    fake.requests.length = 0;
    unwrap(await acceptBooking(app.deps(), { actor: coach.actor, bookingId: sessionIds[0]! }));
    await createAppWorker(app).drain();

    const captures = requestsTo(`/v1/payment_intents/${intentId}/capture`);
    expect(captures).toHaveLength(1);
    expect(captures[0]!.form).toMatchObject({ amount_to_capture: String(2 * PRICE + FEE) });
    expect(captures[0]!.headers['idempotency-key']).toBe(`series:${seriesId}:capture:${2 * PRICE + FEE}`);
    // Stripe releases the rest of the hold with the partial capture.
    expect(fake.intents.get(intentId)).toMatchObject({ status: 'succeeded', amount: 3 * PRICE + FEE, amount_received: 2 * PRICE + FEE });
    expect(await statuses(seriesId)).toEqual([
      ['confirmed', 'captured'],
      ['confirmed', 'captured'],
      ['cancelled', 'voided'],
    ]);
  });

  it('declined by the coach, cancels the series’ intent and captures nothing', async () => {
    const { seriesId, sessionIds, intentId } = await askAndOpen([52, 59]);
    fake.authorise(intentId);
    await webhookFor(intentId);
    fake.requests.length = 0;
    unwrap(await declineBooking(app.deps(), { actor: coach.actor, bookingId: sessionIds[1]!, reason: 'Fully booked' }));
    await createAppWorker(app).drain();

    const cancels = requestsTo(`/v1/payment_intents/${intentId}/cancel`);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.headers['idempotency-key']).toBe(`series:${seriesId}:void`);
    expect(requestsTo(`/v1/payment_intents/${intentId}/capture`)).toHaveLength(0);
    expect(fake.intents.get(intentId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(await statuses(seriesId)).toEqual([
      ['cancelled', 'voided'],
      ['cancelled', 'voided'],
    ]);
    expect(unwrap(await settleSeriesPayment(app.deps(), { seriesId }))).toEqual({ outcome: 'skipped' });
    expect(requestsTo(`/v1/payment_intents/${intentId}/cancel`)).toHaveLength(1);
  });
});
