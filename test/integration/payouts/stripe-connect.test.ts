import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../../adapters/composition-root';
import { createStripeClient } from '../../../adapters/payments/stripe/stripe-client';
import { StripeGateway } from '../../../adapters/payments/stripe/stripe-gateway';
import { StripePayoutGateway } from '../../../adapters/payments/stripe/stripe-payout-gateway';
import { mountStripeWebhook } from '../../../adapters/payments/webhooks/mount-stripe-webhook';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { autoCompleteDue } from '../../../domain/booking/session-progress/use-cases/auto-complete-due';
import type { Booking } from '../../../domain/booking/lifecycle/booking';
import { confirmPayment } from '../../../domain/payments/use-cases/confirm-payment';
import { releaseDuePayments } from '../../../domain/payments/use-cases/release-due-payments';
import { startPayment } from '../../../domain/payments/use-cases/start-payment';
import { reverseCoachTransfer } from '../../../domain/payouts/use-cases/reverse-coach-transfer';
import { startPayoutOnboarding } from '../../../domain/payouts/use-cases/start-payout-onboarding';
import { unwrap } from '../../../domain/shared/result';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe';
import { deliverStripeEvent, eventIdOf, stripeEvent } from '../../support/stripe-events';
import { runJobs } from '../payments/money-helpers';
import { createAppWith, HOUR, insertParty, loadBooking, storeBooking, WEBHOOK_SECRET, type Party } from '../payments/payment-fixtures';

/**
 * Coach payouts (decision 012) against Stripe: every Connect call of the Stripe adapter checked at a local fake
 * Stripe, then the whole path through the application configured with Stripe keys — release,
 * waiting transfer, account.updated, transfer, chargeback, reversal, payout — with webhooks
 * signed like Stripe's, delivered twice and out of order.
 */

const BOOKING = '0b5a3a51-6c3e-4c43-9a1e-2f5d7f0c9a11';
const COACH = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const CONNECT_SECRET = 'whsec_test_connect_endpoint_secret_for_fact';

describe('the Stripe Connect adapter against a local fake Stripe', () => {
  let fake: FakeStripe;
  let payouts: StripePayoutGateway;
  let payments: StripeGateway;

  beforeAll(async () => {
    fake = await startFakeStripe();
    payments = new StripeGateway({ secretKey: 'sk_test_fake', apiBase: fake.url, maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    payouts = new StripePayoutGateway(createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.url, maxNetworkRetries: 0 }));
  });

  let keys = 0;
  /** A captured £53.00 charge at the fake; returns its intent and charge. */
  async function capturedCharge(amountPence = 5300): Promise<{ intentId: string; chargeId: string }> {
    const key = `${BOOKING}:connect:${++keys}`;
    const intent = unwrap(await payments.createIntent({ bookingId: BOOKING, reference: 'FACT-20261201-A7B2', amountPence, currency: 'gbp', idempotencyKey: `${key}:intent` }));
    fake.authorise(intent.intentId);
    unwrap(await payments.capture({ intentId: intent.intentId, amountPence, idempotencyKey: `${key}:capture` }));
    return { intentId: intent.intentId, chargeId: fake.intents.get(intent.intentId)!.latest_charge as string };
  }

  async function onboardedAccount(coachId = COACH): Promise<string> {
    const account = unwrap(await payouts.createAccount({ coachId, email: null, idempotencyKey: `${coachId}:${++keys}:connect-account` }));
    fake.connect.completeOnboarding(account.accountId);
    return account.accountId;
  }

  it('creates one Express account in GB and GBP for the coach, however many times it is asked with the same key', async () => {
    const first = unwrap(await payouts.createAccount({ coachId: COACH, email: 'coach@example.test', idempotencyKey: `${COACH}:connect-account` }));
    const second = unwrap(await payouts.createAccount({ coachId: COACH, email: 'coach@example.test', idempotencyKey: `${COACH}:connect-account` }));
    expect(second.accountId).toBe(first.accountId);
    expect(first).toMatchObject({ accountId: expect.stringMatching(/^acct_/), detailsSubmitted: false, payoutsEnabled: false });
    expect(first.requirementsDue).toContain('external_account');
    expect([...fake.connect.accounts.values()].filter((a) => (a.metadata as Record<string, string>).coach_id === COACH)).toHaveLength(1);
    const request = fake.writes()[0]!;
    expect(request.path).toBe('/v1/accounts');
    expect(request.headers['idempotency-key']).toBe(`${COACH}:connect-account`);
    expect(request.form).toMatchObject({
      type: 'express',
      country: 'GB',
      default_currency: 'gbp',
      email: 'coach@example.test',
      business_type: 'individual',
      'capabilities[transfers][requested]': 'true',
      'metadata[coach_id]': COACH,
    });
  });

  it('makes a link to the hosted onboarding that brings the coach back, and reads the account as Stripe reports it', async () => {
    const account = unwrap(await payouts.createAccount({ coachId: COACH, email: null, idempotencyKey: `${COACH}:link` }));
    const link = unwrap(await payouts.createOnboardingLink({ accountId: account.accountId, returnUrl: 'https://fact.example/payouts/return', refreshUrl: 'https://fact.example/payouts/setup' }));
    expect(link.url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${account.accountId}/`));
    expect(fake.writes().at(-1)!.form).toEqual({
      account: account.accountId,
      type: 'account_onboarding',
      return_url: 'https://fact.example/payouts/return',
      refresh_url: 'https://fact.example/payouts/setup',
    });
    expect(unwrap(await payouts.retrieveAccount(account.accountId))).toMatchObject({ payoutsEnabled: false, detailsSubmitted: false });
    fake.connect.completeOnboarding(account.accountId);
    expect(unwrap(await payouts.retrieveAccount(account.accountId))).toEqual({ accountId: account.accountId, detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [] });

    const unknown = await payouts.retrieveAccount('acct_nobody');
    expect(unknown.ok ? null : unknown.error).toMatchObject({ code: 'resource_missing', retryable: false });
    const badLink = await payouts.createOnboardingLink({ accountId: 'acct_nobody', returnUrl: 'https://fact.example/r', refreshUrl: 'https://fact.example/s' });
    expect(badLink.ok ? null : badLink.error).toMatchObject({ code: 'resource_missing', retryable: false });
  });

  it('transfers from the booking’s charge with its reference as transfer group, once per idempotency key', async () => {
    const { intentId, chargeId } = await capturedCharge();
    const accountId = await onboardedAccount();
    const input = { accountId, amountPence: 5000, sourceIntentId: intentId, transferGroup: 'FACT-20261201-A7B2', bookingId: BOOKING, idempotencyKey: `${BOOKING}:transfer` };
    const first = unwrap(await payouts.createTransfer(input));
    expect(first).toEqual({ transferId: expect.stringMatching(/^tr_/), accountId, amountPence: 5000, reversedPence: 0 });
    const request = fake.writes().find((r) => r.path === '/v1/transfers')!;
    expect(request.headers['idempotency-key']).toBe(`${BOOKING}:transfer`);
    expect(request.form).toEqual({
      amount: '5000',
      currency: 'gbp',
      destination: accountId,
      source_transaction: chargeId,
      transfer_group: 'FACT-20261201-A7B2',
      'metadata[booking_id]': BOOKING,
      'metadata[reference]': 'FACT-20261201-A7B2',
    });

    const again = unwrap(await payouts.createTransfer(input));
    expect(again.transferId).toBe(first.transferId);
    expect([...fake.connect.transfers.values()].filter((t) => t.source_transaction === chargeId)).toHaveLength(1);
    expect(unwrap(await payouts.retrieveTransfer(first.transferId))).toEqual(first);
  });

  it('sends a transfer once when Stripe first answers 500 and the call is made again with the same key', async () => {
    const { chargeId, intentId } = await capturedCharge();
    const accountId = await onboardedAccount();
    const input = { accountId, amountPence: 5000, sourceIntentId: intentId, transferGroup: 'FACT-R', bookingId: BOOKING, idempotencyKey: `${BOOKING}:transfer:500` };
    fake.connect.failNext('/v1/transfers', { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred.' } } });
    const failed = await payouts.createTransfer(input);
    expect(failed.ok ? null : failed.error).toMatchObject({ retryable: true });
    const sent = unwrap(await payouts.createTransfer(input));
    expect([...fake.connect.transfers.values()].filter((t) => t.source_transaction === chargeId).map((t) => t.id)).toEqual([sent.transferId]);

    // With the application's client (one network retry under the same key) the 500 is invisible.
    const { chargeId: charge2, intentId: intent2 } = await capturedCharge();
    const retrying = new StripePayoutGateway(createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.url }));
    fake.connect.failNext('/v1/transfers', { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred.' } } });
    const once = unwrap(await retrying.createTransfer({ ...input, sourceIntentId: intent2, idempotencyKey: `${BOOKING}:transfer:500b` }));
    const attempts = fake.writes().filter((r) => r.path === '/v1/transfers' && r.headers['idempotency-key'] === `${BOOKING}:transfer:500b`);
    expect(attempts).toHaveLength(2);
    expect([...fake.connect.transfers.values()].filter((t) => t.source_transaction === charge2).map((t) => t.id)).toEqual([once.transferId]);
  });

  it('is refused, for good, a transfer Stripe would refuse: no payouts yet, unknown account, uncaptured charge, more than the charge has left', async () => {
    const { intentId } = await capturedCharge();
    const pending = unwrap(await payouts.createAccount({ coachId: COACH, email: null, idempotencyKey: `${COACH}:not-onboarded` }));
    const base = { amountPence: 5000, sourceIntentId: intentId, transferGroup: 'FACT-X', bookingId: BOOKING };
    const notYet = await payouts.createTransfer({ ...base, accountId: pending.accountId, idempotencyKey: 'k-not-yet' });
    expect(notYet.ok ? null : notYet.error).toMatchObject({ code: 'insufficient_capabilities_for_transfer', retryable: false });
    const nobody = await payouts.createTransfer({ ...base, accountId: 'acct_nobody', idempotencyKey: 'k-nobody' });
    expect(nobody.ok ? null : nobody.error).toMatchObject({ code: 'resource_missing', retryable: false });

    const accountId = await onboardedAccount();
    const tooMuch = await payouts.createTransfer({ ...base, accountId, amountPence: 5301, idempotencyKey: 'k-too-much' });
    expect(tooMuch.ok ? null : tooMuch.error).toMatchObject({ code: 'amount_too_large', retryable: false });
    unwrap(await payouts.createTransfer({ ...base, accountId, amountPence: 5000, idempotencyKey: 'k-5000' }));
    const rest = await payouts.createTransfer({ ...base, accountId, amountPence: 301, idempotencyKey: 'k-301' });
    expect(rest.ok ? null : rest.error).toMatchObject({ code: 'amount_too_large' });

    const held = unwrap(await payments.createIntent({ bookingId: BOOKING, reference: 'FACT-H', amountPence: 5300, currency: 'gbp', idempotencyKey: `${BOOKING}:held` }));
    const noCharge = await payouts.createTransfer({ ...base, accountId, sourceIntentId: held.intentId, idempotencyKey: 'k-no-charge' });
    expect(noCharge.ok ? null : noCharge.error).toMatchObject({ retryable: false });
    fake.authorise(held.intentId);
    const uncaptured = await payouts.createTransfer({ ...base, accountId, sourceIntentId: held.intentId, idempotencyKey: 'k-uncaptured' });
    expect(uncaptured.ok ? null : uncaptured.error).toMatchObject({ retryable: false, message: expect.stringMatching(/not been captured/) });
  });

  it('reverses part of a transfer, then the rest, once per key, never more than is left', async () => {
    const { intentId } = await capturedCharge();
    const accountId = await onboardedAccount();
    const transfer = unwrap(
      await payouts.createTransfer({ accountId, amountPence: 5000, sourceIntentId: intentId, transferGroup: 'FACT-V', bookingId: BOOKING, idempotencyKey: `${BOOKING}:transfer:v` }),
    );
    const part = unwrap(await payouts.reverseTransfer({ transferId: transfer.transferId, amountPence: 2000, idempotencyKey: `${BOOKING}:reversal:chargeback:2000` }));
    expect(part).toEqual({ ...transfer, reversedPence: 2000 });
    const request = fake.writes().at(-1)!;
    expect(request.path).toBe(`/v1/transfers/${transfer.transferId}/reversals`);
    expect(request.form).toEqual({ amount: '2000' });
    expect(request.headers['idempotency-key']).toBe(`${BOOKING}:reversal:chargeback:2000`);
    // The same reversal again (a retried job) takes nothing more.
    expect(unwrap(await payouts.reverseTransfer({ transferId: transfer.transferId, amountPence: 2000, idempotencyKey: `${BOOKING}:reversal:chargeback:2000` })).reversedPence).toBe(2000);
    const tooMuch = await payouts.reverseTransfer({ transferId: transfer.transferId, amountPence: 3001, idempotencyKey: `${BOOKING}:reversal:x` });
    expect(tooMuch.ok ? null : tooMuch.error).toMatchObject({ code: 'amount_too_large', retryable: false });
    expect(unwrap(await payouts.reverseTransfer({ transferId: transfer.transferId, amountPence: 3000, idempotencyKey: `${BOOKING}:reversal:rest` })).reversedPence).toBe(5000);
    expect(fake.connect.reversals.filter((r) => r.transfer === transfer.transferId).map((r) => r.amount)).toEqual([2000, 3000]);
    const missing = await payouts.reverseTransfer({ transferId: 'tr_nothing', amountPence: 1, idempotencyKey: 'k-missing' });
    expect(missing.ok ? null : missing.error).toMatchObject({ code: 'resource_missing', retryable: false });
  });
});

describe('Stripe Connect through the application and its webhooks', () => {
  let db: TestDatabase;
  let fake: FakeStripe;
  let app: Application;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    fake = await startFakeStripe();
    app = await createAppWith(db, {
      STRIPE_SECRET_KEY: 'sk_test_fact',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fact',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_API_BASE: fake.url,
    });
    const http = express();
    mountStripeWebhook(http, app);
    server = http.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await app?.close();
    await fake?.close();
    await db?.drop();
  });
  beforeEach(() => app.testClock!.reset());

  /** Platform events (payments, disputes) come signed with the platform endpoint's secret. */
  const deliver = (payload: string, secret = WEBHOOK_SECRET) => deliverStripeEvent(url, payload, { secret });
  /** Events of connected accounts come from the Connect endpoint, with its own secret. */
  const deliverConnect = (type: string, object: unknown, account: string, options: { id?: string } = {}) =>
    deliverStripeEvent(url, stripeEvent(type, object, { account, ...options }), { secret: CONNECT_SECRET });

  interface Paid {
    readonly client: Party;
    readonly coach: Party;
    readonly booking: Booking;
    readonly intentId: string;
    readonly chargeId: string;
  }

  /** A £53.00 booking paid at the fake Stripe, accepted (captured), completed and released: its transfer job is queued. */
  async function released(coach?: Party): Promise<Paid> {
    const client = await insertParty(db, 'client');
    const theCoach = coach ?? (await insertParty(db, 'coach'));
    const stored = await storeBooking(app, client, theCoach);
    const session = unwrap(await startPayment(app.deps(), { actor: client.actor, bookingId: stored.id }));
    fake.authorise(session.intentId);
    unwrap(await confirmPayment(app.deps(), { actor: client.actor, bookingId: stored.id, intentId: session.intentId }));
    unwrap(await acceptBooking(app.deps(), { actor: theCoach.actor, bookingId: stored.id }));
    await runJobs(app);
    expect((await loadBooking(app, stored.id)).paymentStatus).toBe('captured');
    const end = stored.startsAt.getTime() + HOUR;
    app.testClock!.set(new Date(end + 25 * HOUR));
    unwrap(await autoCompleteDue(app.deps()));
    app.testClock!.set(new Date(end + 48 * HOUR + 1000));
    expect(unwrap(await releaseDuePayments(app.deps())).done).toContain(stored.id);
    return { client, coach: theCoach, booking: await loadBooking(app, stored.id), intentId: session.intentId, chargeId: fake.intents.get(session.intentId)!.latest_charge as string };
  }

  /** The coach clicks 'Set up payouts': their Express account at the fake, recorded by FACT. */
  async function startOnboarding(coach: Party): Promise<string> {
    const started = unwrap(await startPayoutOnboarding(app.deps(), { actor: coach.actor, email: null, returnUrl: 'http://localhost/payouts/return', refreshUrl: 'http://localhost/payouts/setup' }));
    expect(started.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_/);
    return started.account.accountId;
  }

  /** The coach finishes Stripe's onboarding and Stripe says so (account.updated on the Connect endpoint). */
  async function onboard(coach: Party): Promise<string> {
    const accountId = await startOnboarding(coach);
    const reply = await deliverConnect('account.updated', fake.connect.completeOnboarding(accountId), accountId);
    expect(reply).toMatchObject({ status: 200, body: { outcome: 'processed', accountId } });
    return accountId;
  }

  const transferRow = async (bookingId: string) =>
    (await db.query<Record<string, unknown>>(`select status, coach_share_pence, transfer_id, reversed_pence, payout_id, paid_out_at from coach_transfers where booking_id = $1`, [bookingId]))[0];
  const accountRow = async (accountId: string) =>
    (await db.query<Record<string, unknown>>(`select payouts_enabled, details_submitted, requirements_due, version from payout_accounts where account_id = $1`, [accountId]))[0];
  const chargebackRows = (bookingId: string) =>
    db.query<Record<string, unknown>>(`select id, status, amount_pence, reason, closed_at, transfer_reversed_pence from chargebacks where booking_id = $1`, [bookingId]);
  const jobsOf = (bookingId: string, type: string) =>
    db.query<{ dedupe_key: string; status: string }>(`select dedupe_key, status from outbox_jobs where type = $1 and payload->>'bookingId' = $2 order by created_at`, [type, bookingId]);
  const transfersAtStripe = (chargeId: string) => [...fake.connect.transfers.values()].filter((t) => t.source_transaction === chargeId);
  const eventRecorded = async (payload: string) => (await db.query(`select 1 from webhook_events where event_id = $1`, [eventIdOf(payload)])).length === 1;

  /** Released and transferred to an onboarded coach. */
  async function transferred(): Promise<Paid & { accountId: string; transferId: string }> {
    const coach = await insertParty(db, 'coach');
    const accountId = await onboard(coach);
    const paid = await released(coach);
    await runJobs(app);
    const row = await transferRow(paid.booking.id);
    expect(row).toMatchObject({ status: 'paid', coach_share_pence: 5000 });
    return { ...paid, accountId, transferId: row!.transfer_id as string };
  }

  it('keeps a released transfer waiting until account.updated says payouts are enabled, then sends it from the booking’s charge', async () => {
    const paid = await released();
    await runJobs(app);
    expect(await transferRow(paid.booking.id)).toMatchObject({ status: 'waiting', transfer_id: null });
    expect(transfersAtStripe(paid.chargeId)).toEqual([]);

    const accountId = await startOnboarding(paid.coach);
    // Stripe reports the new account (details still due): recorded, nothing sent.
    const early = await deliverConnect('account.updated', fake.connect.account(accountId), accountId);
    expect(early).toMatchObject({ status: 200, body: { outcome: 'processed', accountId } });
    await runJobs(app);
    expect(await transferRow(paid.booking.id)).toMatchObject({ status: 'waiting' });
    expect(await accountRow(accountId)).toMatchObject({ payouts_enabled: false, details_submitted: false });

    // The coach finishes onboarding: the waiting transfer is queued in the webhook's transaction.
    const enabled = fake.connect.completeOnboarding(accountId);
    const payload = stripeEvent('account.updated', enabled, { account: accountId });
    expect(await deliver(payload, CONNECT_SECRET)).toMatchObject({ status: 200, body: { outcome: 'processed', accountId } });
    expect(await accountRow(accountId)).toMatchObject({ payouts_enabled: true, details_submitted: true, requirements_due: [] });
    expect(await transferRow(paid.booking.id)).toMatchObject({ status: 'pending' });
    await runJobs(app);

    const row = await transferRow(paid.booking.id);
    expect(row).toMatchObject({ status: 'paid', coach_share_pence: 5000, transfer_id: expect.stringMatching(/^tr_/) });
    const [transfer, ...others] = transfersAtStripe(paid.chargeId);
    expect(others).toEqual([]);
    expect(transfer).toMatchObject({
      id: row!.transfer_id,
      amount: 5000,
      currency: 'gbp',
      destination: accountId,
      transfer_group: paid.booking.referenceCode,
      metadata: { booking_id: paid.booking.id },
    });

    // The same event again, another delivery of the same news, and a stale 'details due' copy
    // arriving late: no second transfer, the account stays as Stripe has it now.
    expect(await deliver(payload, CONNECT_SECRET)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    expect(await deliverConnect('account.updated', enabled, accountId)).toMatchObject({ status: 200, body: { outcome: 'processed' } });
    const version = (await accountRow(accountId))!.version;
    const stale = { ...enabled, payouts_enabled: false, details_submitted: false, requirements: { currently_due: ['external_account'] } };
    expect(await deliverConnect('account.updated', stale, accountId)).toMatchObject({ status: 200 });
    expect(await accountRow(accountId)).toMatchObject({ payouts_enabled: true, requirements_due: [], version });
    await runJobs(app);
    expect(transfersAtStripe(paid.chargeId)).toHaveLength(1);
    expect(await transferRow(paid.booking.id)).toMatchObject({ status: 'paid', transfer_id: transfer!.id });
  });

  it('accepts account.updated signed with either endpoint’s secret, and ignores accounts it does not know', async () => {
    const coach = await insertParty(db, 'coach');
    const accountId = await startOnboarding(coach);
    const reply = await deliver(stripeEvent('account.updated', fake.connect.completeOnboarding(accountId), { account: accountId }), WEBHOOK_SECRET);
    expect(reply).toMatchObject({ status: 200, body: { outcome: 'processed', accountId } });
    expect(await accountRow(accountId)).toMatchObject({ payouts_enabled: true });

    const stranger = unwrap(await app.payments.payouts.createAccount({ coachId: coach.id, email: null, idempotencyKey: 'someone-else' }));
    const unknown = await deliverConnect('account.updated', fake.connect.account(stranger.accountId), stranger.accountId);
    expect(unknown).toMatchObject({ status: 200, body: { outcome: 'ignored', why: 'unknown account' } });
  });

  it('records a chargeback, and when it is lost after the transfer takes the coach’s share back through the outbox, once', async () => {
    const paid = await transferred();
    const created = fake.connect.dispute(paid.intentId, { status: 'needs_response' });
    const opened = await deliver(stripeEvent('charge.dispute.created', created));
    expect(opened).toMatchObject({ status: 200, body: { outcome: 'processed', bookingId: paid.booking.id, chargebackId: created.id, chargebackStatus: 'needs_response' } });
    expect(await chargebackRows(paid.booking.id)).toEqual([expect.objectContaining({ id: created.id, status: 'needs_response', amount_pence: 5300, reason: 'fraudulent', closed_at: null })]);
    expect(await jobsOf(paid.booking.id, 'payout.reversal')).toEqual([]);

    const underReview = fake.connect.dispute(paid.intentId, { id: created.id as string, status: 'under_review' });
    expect((await deliver(stripeEvent('charge.dispute.updated', underReview))).body).toMatchObject({ chargebackStatus: 'under_review' });
    const lost = fake.connect.dispute(paid.intentId, { id: created.id as string, status: 'lost' });
    const closing = stripeEvent('charge.dispute.closed', lost);
    expect(await deliver(closing)).toMatchObject({ status: 200, body: { outcome: 'processed', chargebackStatus: 'lost' } });
    expect(await jobsOf(paid.booking.id, 'payout.reversal')).toHaveLength(1);

    // Delivered twice, and again under another event id: one reversal job, one reversal at Stripe.
    expect((await deliver(closing)).body.outcome).toBe('duplicate');
    expect((await deliver(stripeEvent('charge.dispute.closed', lost))).body.outcome).toBe('processed');
    expect(await jobsOf(paid.booking.id, 'payout.reversal')).toHaveLength(1);
    await runJobs(app);
    expect(await jobsOf(paid.booking.id, 'payout.reversal')).toEqual([expect.objectContaining({ status: 'done' })]);
    expect(fake.connect.transfers.get(paid.transferId)).toMatchObject({ amount: 5000, amount_reversed: 5000, reversed: true });
    expect(fake.connect.reversals.filter((r) => r.transfer === paid.transferId)).toHaveLength(1);
    expect(await transferRow(paid.booking.id)).toMatchObject({ status: 'reversed', reversed_pence: 5000 });
    expect(await chargebackRows(paid.booking.id)).toEqual([expect.objectContaining({ status: 'lost', transfer_reversed_pence: 5000, closed_at: expect.any(Date) })]);

    // The job run again by hand (an operator, a redelivery) finds nothing left to take.
    const again = unwrap(await reverseCoachTransfer(app.deps(), { bookingId: paid.booking.id, amountPence: 5300, reason: 'chargeback' }));
    expect(again.outcome).toBe('nothing_to_reverse');
    expect(fake.connect.reversals.filter((r) => r.transfer === paid.transferId)).toHaveLength(1);
  });

  it('converges when the dispute’s events come out of order: closed (lost) first, a late created never reopens it', async () => {
    const paid = await transferred();
    const created = fake.connect.dispute(paid.intentId, { status: 'needs_response', amount: 2000, reason: 'product_not_received', expandIntent: true });
    const lost = fake.connect.dispute(paid.intentId, { id: created.id as string, status: 'lost', expandIntent: true });
    expect((await deliver(stripeEvent('charge.dispute.closed', lost))).body).toMatchObject({ outcome: 'processed', chargebackStatus: 'lost' });
    expect((await deliver(stripeEvent('charge.dispute.funds_withdrawn', created))).body).toMatchObject({ outcome: 'processed', chargebackStatus: 'lost' });
    expect((await deliver(stripeEvent('charge.dispute.created', created))).body).toMatchObject({ outcome: 'processed', chargebackStatus: 'lost' });
    await runJobs(app);
    expect(await chargebackRows(paid.booking.id)).toEqual([expect.objectContaining({ status: 'lost', amount_pence: 2000, reason: 'product_not_received', transfer_reversed_pence: 2000 })]);
    expect(await transferRow(paid.booking.id)).toMatchObject({ status: 'partially_reversed', reversed_pence: 2000 });
    expect(fake.connect.transfers.get(paid.transferId)).toMatchObject({ amount_reversed: 2000 });
  });

  it('records a won chargeback without taking anything from the coach', async () => {
    const paid = await transferred();
    const created = fake.connect.dispute(paid.intentId, { status: 'needs_response' });
    await deliver(stripeEvent('charge.dispute.created', created));
    const won = fake.connect.dispute(paid.intentId, { id: created.id as string, status: 'won' });
    expect((await deliver(stripeEvent('charge.dispute.funds_reinstated', won))).body).toMatchObject({ chargebackStatus: 'won' });
    expect((await deliver(stripeEvent('charge.dispute.closed', won))).body).toMatchObject({ chargebackStatus: 'won' });
    await runJobs(app);
    expect(await jobsOf(paid.booking.id, 'payout.reversal')).toEqual([]);
    expect(await transferRow(paid.booking.id)).toMatchObject({ status: 'paid', reversed_pence: 0 });
  });

  it('refuses a bad signature and a malformed dispute, recording and changing nothing', async () => {
    const paid = await transferred();
    const lost = fake.connect.dispute(paid.intentId, { status: 'lost' });

    const forged = stripeEvent('charge.dispute.closed', lost);
    expect(await deliver(forged, 'whsec_someone_else')).toEqual({ status: 400, body: { error: 'Invalid signature.' } });
    const unsigned = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: forged });
    expect(unsigned.status).toBe(400);
    expect(await eventRecorded(forged)).toBe(false);

    const malformed: [string, unknown][] = [
      ['no amount', { ...lost, amount: undefined }],
      ['amount in pounds', { ...lost, amount: 53.5 }],
      ['unknown status', { ...lost, status: 'maybe' }],
      ['not a payment intent', { ...lost, payment_intent: 42 }],
      ['not a dispute id', { ...lost, id: 'ch_123' }],
    ];
    for (const [why, object] of malformed) {
      const payload = stripeEvent('charge.dispute.closed', object);
      const reply = await deliver(payload);
      expect(reply.status, why).toBe(400);
      expect(String(reply.body.error), why).toMatch(/^Malformed charge\.dispute\.closed event \(/);
      expect(await eventRecorded(payload), why).toBe(false);
    }
    const notAnEvent = await deliver(JSON.stringify({ hello: 'world' }));
    expect(notAnEvent).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^Malformed event/) } });
    const notJson = await deliver('{"id": "evt_1", ');
    expect(notJson.status).toBe(400);

    expect(await chargebackRows(paid.booking.id)).toEqual([]);
    expect(await jobsOf(paid.booking.id, 'payout.reversal')).toEqual([]);
    expect(await transferRow(paid.booking.id)).toMatchObject({ status: 'paid', reversed_pence: 0 });
  });

  it('acknowledges disputes that are none of FACT’s: unknown intent, no intent, on a connected account', async () => {
    const paid = await transferred();
    const theirs = fake.connect.dispute(paid.intentId, { status: 'needs_response' });
    expect((await deliver(stripeEvent('charge.dispute.created', { ...theirs, payment_intent: 'pi_unknown' }))).body).toMatchObject({ outcome: 'ignored', why: 'unknown payment intent' });
    expect((await deliver(stripeEvent('charge.dispute.created', { ...theirs, payment_intent: null }))).body).toMatchObject({ outcome: 'ignored', why: 'dispute without a payment intent' });
    expect((await deliverConnect('charge.dispute.created', theirs, paid.accountId)).body).toMatchObject({ outcome: 'ignored', why: 'dispute on a connected account' });
    expect(await chargebackRows(paid.booking.id)).toEqual([]);
  });

  it('marks the coach’s transfers paid out when their connected account’s payout.paid arrives, once', async () => {
    const paid = await transferred();
    const now = app.clock.now();
    const arrival = new Date(now.getTime() + 2 * 24 * HOUR);
    const payout = fake.connect.payout(paid.accountId, { createdAt: new Date(now.getTime() + HOUR), arrivalDate: arrival, amount: 5000 });
    const payload = stripeEvent('payout.paid', payout, { account: paid.accountId });
    expect(await deliver(payload, CONNECT_SECRET)).toMatchObject({ status: 200, body: { outcome: 'processed', accountId: paid.accountId, transfersPaidOut: 1 } });
    const row = await transferRow(paid.booking.id);
    expect(row).toMatchObject({ status: 'paid', payout_id: payout.id });
    expect((row!.paid_out_at as Date).getTime()).toBe(Math.floor(arrival.getTime() / 1000) * 1000);

    expect((await deliver(payload, CONNECT_SECRET)).body.outcome).toBe('duplicate');
    const later = fake.connect.payout(paid.accountId, { createdAt: new Date(now.getTime() + 30 * 24 * HOUR), arrivalDate: new Date(now.getTime() + 32 * 24 * HOUR) });
    expect((await deliverConnect('payout.paid', later, paid.accountId)).body).toMatchObject({ outcome: 'processed', transfersPaidOut: 0 });
    expect(await transferRow(paid.booking.id)).toMatchObject({ payout_id: payout.id });

    // The platform's own payout (no account) is not a coach's; a payout without dates is refused.
    expect((await deliver(stripeEvent('payout.paid', payout))).body).toMatchObject({ outcome: 'ignored', why: 'payout of the platform account' });
    const broken = stripeEvent('payout.paid', { ...payout, arrival_date: 'tomorrow' }, { account: paid.accountId });
    expect((await deliver(broken, CONNECT_SECRET)).status).toBe(400);
    expect(await eventRecorded(broken)).toBe(false);
  });
});
