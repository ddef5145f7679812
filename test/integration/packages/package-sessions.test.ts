import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, type Person } from '../../support/booking-flow';
import { useHttpApp } from '../../support/http-app';
import { buyPackageOver, routeData, sender } from '../../support/package-http';
import { autoCompleteDue } from '../../../domain/booking/session-progress/use-cases/auto-complete-due';
import { releaseDuePayments } from '../../../domain/payments/use-cases/release-due-payments';
import { startPayoutOnboarding } from '../../../domain/payouts/use-cases/start-payout-onboarding';
import { recordAccountSnapshot } from '../../../domain/payouts/use-cases/record-payout-account';
import { ok, unwrap } from '../../../domain/shared/result';
import { createAppWorker } from '../../../adapters/outbox/app-worker';
import { recordPackageChargeback } from '../../../domain/packages/use-cases/record-package-chargeback';
import { adminReadModels } from '../../../adapters/persistence/admin/index';

/**
 * Sessions booked from a package over HTTP against PostgreSQL (decision 060): no payment step,
 * the request reaches the coach at once; a decline or an early cancellation gives the credit
 * back and moves no card money; a late cancellation uses it; a completed session releases its
 * credit and its coach share is transferred from the purchase's charge; two requests for the last
 * credit are decided one after the other, and exactly one wins.
 */
const http = useHttpApp();
const DAY = 86_400_000;
const HOUR = 3_600_000;
const cookies = new Map<string, string>();
let coach: Person;
let client: Person;
let other: Person;
let offerId = '';

const data = routeData;
const send = sender(http, cookies);
/** Buys the coach's package (5 × 60 minutes, £200) with the test card; the purchase's id. */
const buyPackage = (who: Person) => buyPackageOver(send, who, offerId);

const londonDate = (daysAhead: number) => new Date(http.app.clock.now().getTime() + daysAhead * DAY).toISOString().slice(0, 10);

const book = (who: Person, form: { purchaseId?: string; daysAhead: number; time?: string; durationMinutes?: string }) =>
  send(who, data('FindCoaches'), {
    intent: 'book',
    coachId: coach.id,
    serviceType: 'striker',
    date: londonDate(form.daysAhead),
    time: form.time ?? '10:00',
    durationMinutes: form.durationMinutes ?? '60',
    locationType: 'online',
    ...(form.purchaseId ? { packagePurchaseId: form.purchaseId } : {}),
  });

const credits = async (purchaseId: string) => (await http.db.query<{ state: string }>('select state from package_credits where purchase_id = $1 order by position', [purchaseId])).map((r) => r.state);

const bookingRow = async (id: string) =>
  (
    await http.db.query<Record<string, unknown>>(
      `select status, payment_status, payment_intent_id, package_purchase_id, service_price_pence, admin_fee_pence, amount_captured_pence, amount_refunded_pence from bookings where id = $1`,
      [id],
    )
  )[0]!;

const purchaseIntent = async (purchaseId: string) =>
  (
    await http.db.query<{ payment_intent_id: string; amount_refunded_pence: number }>(
      `select p.payment_intent_id, i.amount_refunded_pence from package_purchases p join test_gateway_intents i on i.id = p.payment_intent_id where p.id = $1`,
      [purchaseId],
    )
  )[0]!;

const emailsAbout = (bookingId: string) =>
  http.db.query<{ type: string; recipient: string }>(
    `select type, payload->'recipient'->>'userId' as recipient from outbox_jobs where type like 'email.%' and payload->'booking'->>'id' = $1 order by created_at, type`,
    [bookingId],
  );

describe('booking sessions from a package', () => {
  beforeAll(async () => {
    coach = await insertPerson(http.db, { type: 'coach', name: 'Petra Package', ratePence: 4500, services: ['striker'] });
    client = await insertPerson(http.db, { type: 'client', name: 'Carl Credits' });
    other = await insertPerson(http.db, { type: 'client', name: 'Olive Other' });
    await http.db.query(`insert into availability_periods (id, coach_id, starts_at, ends_at) values ($1, $2, now() - interval '1 day', now() + interval '80 days')`, [randomUUID(), coach.id]);
    for (const p of [coach, client, other]) cookies.set(p.id, await http.cookieFor(p.id));
    const saved = await send(coach, data('CoachProfile'), { intent: 'package-save', sessions: '5', durationMinutes: '60', pricePounds: '200', validityWeeks: '12' });
    expect(saved.status).toBe(200);
    offerId = (await http.db.query<{ id: string }>('select id from package_offers where coach_id = $1', [coach.id]))[0]!.id;
  });

  it('books from a credit with no payment step: the session costs the credit’s price, no fee, and reaches the coach at once', async () => {
    const purchaseId = await buyPackage(client);
    const options = await send(client, `/api/booking-options?coachId=${coach.id}&duration=60`);
    expect(options.body.credits).toEqual([expect.objectContaining({ purchaseId, durationMinutes: 60, left: 5, sessions: 5, summary: expect.stringMatching(/^5 of 5 sessions left, valid until /) })]);

    const booked = await book(client, { purchaseId, daysAhead: 10 });
    expect(booked.status).toBe(200);
    expect(booked.body.booking).toMatchObject({ paidFromPackage: true, totalPricePence: 4000 });
    const id = booked.body.booking!.id;
    expect(await bookingRow(id)).toEqual({
      status: 'pending',
      payment_status: 'captured',
      payment_intent_id: null,
      package_purchase_id: purchaseId,
      service_price_pence: 4000,
      admin_fee_pence: 0,
      amount_captured_pence: 4000,
      amount_refunded_pence: 0,
    });
    expect(await credits(purchaseId)).toEqual(['booked', 'available', 'available', 'available', 'available']);
    // The coach was told at once; the client gets no card receipt (the purchase had one).
    expect(await emailsAbout(id)).toEqual([{ type: 'email.booking_requested', recipient: coach.id }]);
    const dash = await send(coach, data('CoachDashboard'));
    expect((dash.body.cards as { id: string }[]).map((c) => c.id)).toContain(id);
  });

  it('gives the credit back when the coach declines, and moves no card money', async () => {
    const [purchase] = await http.db.query<{ id: string }>('select id from package_purchases where client_id = $1 and paid_at is not null', [client.id]);
    const [pending] = await http.db.query<{ id: string }>('select id from bookings where package_purchase_id = $1', [purchase!.id]);
    const declined = await send(coach, data('CoachDashboard'), { intent: 'decline', bookingId: pending!.id, reason: 'Away that week' });
    expect(declined.status).toBe(200);
    expect(await credits(purchase!.id)).toEqual(['available', 'available', 'available', 'available', 'available']);
    expect(await bookingRow(pending!.id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded', amount_refunded_pence: 4000 });
    await createAppWorker(http.app).drain();
    expect((await purchaseIntent(purchase!.id)).amount_refunded_pence).toBe(0);
    const mine = await send(client, data('MyBookings') + '&tab=cancelled');
    const card = (mine.body.cards as { id: string; payment: { label: string } }[]).find((c) => c.id === pending!.id);
    expect(card?.payment.label).toBe('Session returned to your package');
  });

  it('refuses a length or a coach the package is not for, and another client’s package, changing nothing', async () => {
    const [purchase] = await http.db.query<{ id: string }>('select id from package_purchases where client_id = $1 and paid_at is not null', [client.id]);
    const before = await credits(purchase!.id);
    const otherLength = await book(client, { purchaseId: purchase!.id, daysAhead: 11, durationMinutes: '90' });
    expect(otherLength).toMatchObject({ status: 409, body: { ok: false, message: 'Error creating booking: This package is for 60-minute sessions: choose that duration. Please try again.' } });
    const notTheirs = await book(other, { purchaseId: purchase!.id, daysAhead: 11 });
    expect(notTheirs.status).toBe(404);
    expect(await credits(purchase!.id)).toEqual(before);
    expect(await http.db.query('select 1 from bookings where client_id = $1', [other.id])).toEqual([]);
  });

  it('decides two requests for the last credit one after the other: exactly one wins, and the client is nudged once', async () => {
    const purchaseId = await buyPackage(other);
    await http.db.query(`update package_credits set state = 'refunded' where purchase_id = $1 and position < 3`, [purchaseId]);
    const first = await book(other, { purchaseId, daysAhead: 12, time: '09:00' });
    expect(first.status).toBe(200);
    expect(await http.db.query(`select 1 from outbox_jobs where type = 'email.package_low_credit' and dedupe_key = $1`, [`email:package_low_credit:${purchaseId}`])).toHaveLength(1);

    const [a, b] = await Promise.all([book(other, { purchaseId, daysAhead: 13, time: '09:00' }), book(other, { purchaseId, daysAhead: 14, time: '09:00' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body).toMatchObject({ message: 'Error creating booking: There are no sessions left in this package. Please try again.' });
    expect(await credits(purchaseId)).toEqual(['refunded', 'refunded', 'refunded', 'booked', 'booked']);
    expect(await http.db.query('select 1 from bookings where package_purchase_id = $1', [purchaseId])).toHaveLength(2);
  });

  it('releases a completed session’s credit and transfers its coach share from the purchase’s charge; a late cancellation uses its credit', async () => {
    const [purchase] = await http.db.query<{ id: string }>('select id from package_purchases where client_id = $1 and paid_at is not null', [client.id]);
    const purchaseId = purchase!.id;
    const completed = (await book(client, { purchaseId, daysAhead: 20, time: '10:00' })).body.booking!.id;
    const lateCancelled = (await book(client, { purchaseId, daysAhead: 21, time: '10:00' })).body.booking!.id;
    const earlyCancelled = (await book(client, { purchaseId, daysAhead: 22, time: '10:00' })).body.booking!.id;
    for (const id of [completed, lateCancelled, earlyCancelled]) expect((await send(coach, data('CoachDashboard'), { intent: 'accept', bookingId: id })).status).toBe(200);
    expect(await bookingRow(completed)).toMatchObject({ status: 'confirmed', payment_status: 'captured', amount_captured_pence: 4000 });

    const early = await send(client, data('MyBookings'), { intent: 'cancel', bookingId: earlyCancelled, reason: 'Exams' });
    expect(early.status).toBe(200);
    const [{ starts_at: lateStart }] = (await http.db.query<{ starts_at: Date }>('select starts_at from bookings where id = $1', [lateCancelled])) as [{ starts_at: Date }];
    http.app.testClock!.set(new Date(lateStart.getTime() - 2 * HOUR));
    const late = await send(client, data('MyBookings'), { intent: 'cancel', bookingId: lateCancelled, reason: 'Ill' });
    expect(late.status).toBe(200);
    expect(await bookingRow(lateCancelled)).toMatchObject({ status: 'cancelled', payment_status: 'captured', amount_refunded_pence: 0 });
    expect(await credits(purchaseId)).toEqual(['booked', 'used', 'available', 'available', 'available']);

    // The coach can be paid: the offline Connect onboarding with Stripe's test bank details.
    const started = unwrap(await startPayoutOnboarding(http.app.deps(), { actor: coach.actor, email: null, returnUrl: 'http://localhost/r', refreshUrl: 'http://localhost/s' }));
    const submitted = unwrap(await http.app.payments.testConnect!.submitBankDetails(started.account.accountId, '108800', '00012345'));
    unwrap(await http.app.deps().uow.transaction(async (tx) => ok(await recordAccountSnapshot(tx, submitted, http.app.clock.now()))));

    const [{ starts_at: start }] = (await http.db.query<{ starts_at: Date }>('select starts_at from bookings where id = $1', [completed])) as [{ starts_at: Date }];
    http.app.testClock!.set(new Date(start.getTime() + 26 * HOUR));
    unwrap(await autoCompleteDue(http.app.deps()));
    http.app.testClock!.set(new Date(lateStart.getTime() + 50 * HOUR));
    const released = unwrap(await releaseDuePayments(http.app.deps()));
    expect(released.done).toEqual(expect.arrayContaining([completed, lateCancelled]));
    expect(await credits(purchaseId)).toEqual(['released', 'released', 'available', 'available', 'available']);
    await createAppWorker(http.app).drain();

    const { payment_intent_id: intentId } = await purchaseIntent(purchaseId);
    const transfers = await http.db.query<{ amount_pence: number; transfer_group: string }>(
      'select amount_pence, transfer_group from test_gateway_transfers where source_intent_id = $1 order by transfer_group',
      [intentId],
    );
    expect(transfers).toHaveLength(2);
    expect(transfers.map((t) => t.amount_pence)).toEqual([4000, 4000]);
    expect(await http.db.query('select status, coach_share_pence from coach_transfers where booking_id = $1', [completed])).toEqual([{ status: 'paid', coach_share_pence: 4000 }]);
    // DataDiagnostic's package ledger checks find nothing wrong with what these steps left.
    const diagnosis = await adminReadModels(http.app.orm).diagnostics();
    expect(diagnosis.checks.flatMap((c) => (c.problems ?? []).filter((p) => p.id === purchaseId))).toEqual([]);
    expect(diagnosis.checks.find((c) => c.key === 'released_without_transfer')?.count).toBe(0);
    http.app.testClock!.reset();
  });

  it('takes a lost chargeback of the whole purchase back from its credits: the booked session cancelled, the paid-out ones reversed newest first, the fee last, once', async () => {
    const [purchase] = await http.db.query<{ id: string }>('select id from package_purchases where client_id = $1 and paid_at is not null', [client.id]);
    const purchaseId = purchase!.id;
    const pending = (await book(client, { purchaseId, daysAhead: 30, time: '10:00' })).body.booking!.id;
    expect(await credits(purchaseId)).toEqual(['released', 'released', 'booked', 'available', 'available']);
    const { payment_intent_id: intentId } = await purchaseIntent(purchaseId);
    const lost = { id: `dp_${randomUUID().replace(/-/g, '')}`, intentId, amountPence: 20_300, reason: 'fraudulent', status: 'lost' as const, createdAt: http.app.clock.now() };
    for (let run = 0; run < 2; run++) {
      const recorded = unwrap(await http.app.deps().uow.transaction(async (tx) => ok(await recordPackageChargeback(tx, lost, http.app.clock.now(), 0))));
      expect(recorded).toMatchObject({ status: 'lost', purchaseId, uncoveredPence: 0 });
    }
    expect(await credits(purchaseId)).toEqual(Array(5).fill('charged_back'));
    expect(await bookingRow(pending)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    const [fee] = await http.db.query<{ admin_fee_charged_back_pence: number }>('select admin_fee_charged_back_pence from package_purchases where id = $1', [purchaseId]);
    expect(fee!.admin_fee_charged_back_pence).toBe(300);
    await createAppWorker(http.app).drain();
    const reversed = await http.db.query<{ reversed_pence: number }>('select reversed_pence from test_gateway_transfers where source_intent_id = $1', [intentId]);
    expect(reversed.map((r) => r.reversed_pence)).toEqual([4000, 4000]);
    // The ledger checks agree with what the chargeback left.
    const diagnosis = await adminReadModels(http.app.orm).diagnostics();
    expect(diagnosis.checks.flatMap((c) => (c.problems ?? []).filter((p) => p.id === purchaseId))).toEqual([]);
  });
});
