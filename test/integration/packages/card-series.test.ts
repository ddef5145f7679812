import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, type Person } from '../../support/booking-flow';
import { useHttpApp } from '../../support/http-app';
import { routeData, sender } from '../../support/package-http';
import { createAppWorker } from '../../../adapters/outbox/app-worker';
import { packageLedger } from '../../../domain/packages/package-ledger';
import { adminReadModels } from '../../../adapters/persistence/admin/index';

/**
 * A weekly series paid in full up front by card (decision 064), over HTTP against PostgreSQL with
 * the offline gateway: one payment held for every session and the admin fee once; the series
 * reaches the coach when it is held; the coach's one decision captures it for the sessions
 * accepted, or releases it; each session is then paid by the series' purchase, and one cancelled
 * early is refunded to the card.
 */
const http = useHttpApp();
const DAY = 86_400_000;
const cookies = new Map<string, string>();
const send = sender(http, cookies);
let coach: Person;
let client: Person;

const isoDay = (daysAhead: number) => new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10);

function seriesForm(days: readonly number[]) {
  const first = isoDay(days[0]!);
  const form = new URLSearchParams({ intent: 'book', coachId: coach.id, serviceType: 'striker', date: first, time: '10:00', durationMinutes: '60', locationType: 'online' });
  for (const d of days) form.append('seriesStarts[]', `${isoDay(d)}T10:00`);
  return form;
}

/** Asks for the series; its id and its sessions, soonest first. */
async function askFor(days: readonly number[]) {
  const booked = await send(client, routeData('FindCoaches'), seriesForm(days));
  expect(booked.status).toBe(200);
  const [row] = await http.db.query<{ series_id: string }>('select series_id from bookings where id = $1', [booked.body.booking!.id]);
  return { seriesId: row!.series_id, summary: booked.body.booking!, sessions: await sessionsOf(row!.series_id) };
}

const sessionsOf = (seriesId: string) =>
  http.db.query<{ id: string; status: string; payment_status: string; admin_fee_pence: number; total_price_pence: number; package_purchase_id: string | null }>(
    'select id, status, payment_status, admin_fee_pence, total_price_pence, package_purchase_id from bookings where series_id = $1 order by starts_at',
    [seriesId],
  );

/** Pays through the Secure Payment steps of one of the series' sessions with the test card 4242. */
async function pay(bookingId: string) {
  const url = `/api/payments/${bookingId}`;
  const started = await send(client, url, { intent: 'start' });
  expect(started.status).toBe(200);
  const session = started.body.session as { intentId: string; amountPence: number; servicePricePence: number; adminFeePence: number; details: { seriesDates: string | null } };
  const paid = await send(client, url, { intent: 'confirm-test-card', intentId: session.intentId, attempt: randomUUID(), cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
  expect(paid.body).toMatchObject({ ok: true, step: 'paid' });
  return session;
}

const intentOf = async (seriesId: string) =>
  (
    await http.db.query<{ status: string; amount_pence: number; amount_received_pence: number; amount_refunded_pence: number }>(
      'select i.status, i.amount_pence, i.amount_received_pence, i.amount_refunded_pence from test_gateway_intents i join booking_series s on s.payment_intent_id = i.id where s.id = $1',
      [seriesId],
    )
  )[0];

const drain = () => createAppWorker(http.app).drain();
/** DataDiagnostic's checks that find something: the package ledger checks cover a card series' purchase too. */
const firingChecks = async () => (await adminReadModels(http.app.orm).diagnostics()).checks.filter((c) => c.count > 0 && c.severity === 'error').map((c) => c.key);
/** What is held and refunded does not depend on the commission: nothing is released yet. */
const ANY_COMMISSION_BPS = 1500;

describe('a weekly series paid by card', () => {
  beforeAll(async () => {
    coach = await insertPerson(http.db, { type: 'coach', name: 'Carla Card', ratePence: 4500, services: ['striker'] });
    client = await insertPerson(http.db, { type: 'client', name: 'Pat Upfront' });
    await http.db.query(`insert into availability_periods (id, coach_id, starts_at, ends_at) values ($1, $2, now() - interval '1 day', now() + interval '85 days')`, [randomUUID(), coach.id]);
    for (const p of [coach, client]) cookies.set(p.id, await http.cookieFor(p.id));
  });

  it('is held in one payment for every session and the admin fee once, and reaches the coach only once it is held', async () => {
    const { seriesId, summary, sessions } = await askFor([10, 17, 24]);
    expect(summary).toMatchObject({ paidFromPackage: false, seriesSessions: 3, totalPricePence: 3 * 4500 + 300 });
    expect(sessions.map((s) => [s.status, s.payment_status, s.admin_fee_pence, s.total_price_pence])).toEqual(Array(3).fill(['pending', 'pending', 0, 4500]));
    const coachEmails = () =>
      http.db.query<{ sessions: number }>(
        `select jsonb_array_length(payload->'details'->'series') as sessions from outbox_jobs where type = 'email.booking_requested' and payload->'recipient'->>'userId' = $1`,
        [coach.id],
      );
    expect(await coachEmails()).toEqual([]);

    // Paid from the second session's card: the payment is the series', not that session's.
    const session = await pay(sessions[1]!.id);
    expect(session).toMatchObject({ amountPence: 13_800, servicePricePence: 13_500, adminFeePence: 300 });
    expect(session.details.seriesDates?.split(' · ')).toHaveLength(3);
    expect((await sessionsOf(seriesId)).map((s) => s.payment_status)).toEqual(['authorized', 'authorized', 'authorized']);
    expect(await intentOf(seriesId)).toMatchObject({ status: 'requires_capture', amount_pence: 13_800, amount_received_pence: 0 });
    // The coach hears of it once, and the email lists every session.
    expect(await coachEmails()).toEqual([{ sessions: 3 }]);
    // Paying again is refused: it is held already.
    const again = await send(client, `/api/payments/${sessions[0]!.id}`, { intent: 'start' });
    expect(again.body).toMatchObject({ ok: false, code: 'ALREADY_PAID' });
  });

  it('is captured once when the coach accepts, and each session is then paid by the series’ purchase; one cancelled early goes back to the card', async () => {
    const [{ id: seriesId }] = (await http.db.query<{ id: string }>('select id from booking_series where client_id = $1 order by created_at limit 1', [client.id])) as [{ id: string }];
    const sessions = await sessionsOf(seriesId);
    const accepted = await send(coach, routeData('CoachDashboard'), new URLSearchParams({ intent: 'accept', bookingId: sessions[0]!.id }));
    expect(accepted.status).toBe(200);
    await drain();
    expect(await intentOf(seriesId)).toMatchObject({ status: 'succeeded', amount_received_pence: 13_800 });
    const paid = await sessionsOf(seriesId);
    expect(paid.map((s) => [s.status, s.payment_status, s.package_purchase_id])).toEqual(Array(3).fill(['confirmed', 'captured', seriesId]));
    const stored = await http.app.deps().uow.read.packagePurchases.findById(seriesId);
    expect(stored?.purchase).toMatchObject({ seriesId, offerId: null, sessions: 3, totalPricePence: 13_500, adminFeePence: 300 });
    expect(stored?.purchase?.credits.map((c) => c.kind)).toEqual(['booked', 'booked', 'booked']);
    // A series' purchase is not a package to book from, and is not listed with the client's packages.
    const single = new URLSearchParams({
      intent: 'book',
      coachId: coach.id,
      serviceType: 'striker',
      date: isoDay(40),
      time: '10:00',
      durationMinutes: '60',
      locationType: 'online',
      packagePurchaseId: seriesId,
    });
    const fromIt = await send(client, routeData('FindCoaches'), single);
    expect(fromIt.status).toBe(404);
    expect(await http.db.query('select 1 from bookings where client_id = $1 and starts_at::date = $2::date', [client.id, isoDay(40)])).toEqual([]);
    const mine = await send(client, `/api/booking-options?coachId=${coach.id}`);
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).not.toContain(seriesId);

    // The second session, more than 24 hours ahead: its price goes back to the card; the others stay.
    const cancelled = await send(client, routeData('MyBookings'), new URLSearchParams({ intent: 'cancel', bookingId: paid[1]!.id, reason: 'Away that week' }));
    expect(cancelled.status).toBe(200);
    await drain();
    expect(await intentOf(seriesId)).toMatchObject({ amount_received_pence: 13_800, amount_refunded_pence: 4500 });
    expect((await sessionsOf(seriesId)).map((s) => s.status)).toEqual(['confirmed', 'cancelled', 'confirmed']);
    const after = (await http.app.deps().uow.read.packagePurchases.findById(seriesId))!.purchase!;
    expect(after.credits.map((c) => c.kind)).toEqual(['booked', 'refunded', 'booked']);
    // Every penny is somewhere: the two sessions still to happen are held, one was refunded.
    expect(packageLedger(after, ANY_COMMISSION_BPS)).toMatchObject({ paidPence: 13_800, heldPence: 9300, refundedPence: 4500, coachPence: 0 });
    expect(await firingChecks()).toEqual([]);
  });

  it('leaves a session cancelled before the coach answered out of the capture', async () => {
    const { seriesId, sessions } = await askFor([31, 38, 45]);
    await pay(sessions[0]!.id);
    const withdrawn = await send(client, routeData('MyBookings'), new URLSearchParams({ intent: 'cancel', bookingId: sessions[2]!.id, reason: 'Exams' }));
    expect(withdrawn.status).toBe(200);
    expect((await sessionsOf(seriesId)).map((s) => s.payment_status)).toEqual(['authorized', 'authorized', 'voided']);
    await drain();
    // Nothing moves until the coach has answered every request.
    expect(await intentOf(seriesId)).toMatchObject({ status: 'requires_capture' });
    expect((await send(coach, routeData('CoachDashboard'), new URLSearchParams({ intent: 'accept', bookingId: sessions[0]!.id }))).status).toBe(200);
    await drain();
    expect(await intentOf(seriesId)).toMatchObject({ status: 'succeeded', amount_received_pence: 2 * 4500 + 300 });
    expect((await sessionsOf(seriesId)).map((s) => [s.status, s.payment_status])).toEqual([
      ['confirmed', 'captured'],
      ['confirmed', 'captured'],
      ['cancelled', 'voided'],
    ]);
  });

  it('declined by the coach, releases the whole hold and charges nothing', async () => {
    const { seriesId, sessions } = await askFor([52, 59]);
    await pay(sessions[1]!.id);
    const declined = await send(coach, routeData('CoachDashboard'), new URLSearchParams({ intent: 'decline', bookingId: sessions[0]!.id, reason: 'Fully booked' }));
    expect(declined.status).toBe(200);
    await drain();
    expect(await intentOf(seriesId)).toMatchObject({ status: 'canceled', amount_received_pence: 0 });
    expect((await sessionsOf(seriesId)).map((s) => [s.status, s.payment_status])).toEqual([
      ['cancelled', 'voided'],
      ['cancelled', 'voided'],
    ]);
    const [series] = await http.db.query<{ settled_at: string | null; package_purchase_id: string | null }>('select settled_at, package_purchase_id from booking_series where id = $1', [seriesId]);
    expect(series).toMatchObject({ package_purchase_id: null });
    expect(series!.settled_at).not.toBeNull();
    expect(await firingChecks()).toEqual([]);
  });
});
