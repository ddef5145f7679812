import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, type Person } from '../../support/booking-flow';
import { createTestBooking } from '../../support/fixtures/bookings';
import { refundExpiredPackages } from '../../../domain/payments/use-cases/refund-package-credits';
import { sameOrigin, useHttpApp } from '../../support/http-app';

/**
 * Buying a package over HTTP against PostgreSQL with the offline test gateway (decision 059): the
 * whole price and one admin fee are captured at once, the purchase holds one credit per session,
 * valid from the payment; a refused card buys nothing; finishing twice captures once; only
 * clients buy, and only what is on sale.
 */
const http = useHttpApp();
const cookies = new Map<string, string>();
let coach: Person;
let client: Person;
let otherCoach: Person;
let offerId = '';

type Reply = { ok: boolean; step?: string; code?: string; error?: string; session?: { bookingId: string; intentId: string; amountPence: number; servicePricePence: number; adminFeePence: number } };

async function step(who: Person, offer: string, form: Record<string, string>) {
  const res = await fetch(`${http.baseUrl}/api/package-purchases/${offer}`, {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: sameOrigin(http.baseUrl, { Cookie: cookies.get(who.id)!, Accept: 'application/json' }),
  });
  return { status: res.status, body: (await res.json()) as Reply };
}

async function open(who: Person, offer = offerId) {
  const started = await step(who, offer, { intent: 'start' });
  expect(started).toMatchObject({ status: 200, body: { ok: true, step: 'session' } });
  return started.body.session!;
}

const pay = (who: Person, s: { bookingId: string; intentId: string }, cardNumber = '4242424242424242') =>
  step(who, offerId, { intent: 'confirm-test-card', purchaseId: s.bookingId, intentId: s.intentId, attempt: randomUUID(), cardNumber, expiry: '12/34', cvc: '123' });

const purchases = () =>
  http.db.query<{ id: string; paid: boolean; weeks: number; credits: string[] | null }>(
    `select p.id, p.paid_at is not null as paid, round(extract(epoch from (p.valid_until - p.paid_at)) / 604800)::int as weeks,
            (select array_agg(c.state order by c.position) from package_credits c where c.purchase_id = p.id) as credits
       from package_purchases p where p.client_id = $1 order by p.created_at`,
    [client.id],
  );

describe('buying a package', () => {
  beforeAll(async () => {
    coach = await insertPerson(http.db, { type: 'coach', name: 'Polly Packages', ratePence: 4500 });
    otherCoach = await insertPerson(http.db, { type: 'coach', name: 'Oscar Other' });
    client = await insertPerson(http.db, { type: 'client', name: 'Clara Client' });
    for (const p of [coach, otherCoach, client]) cookies.set(p.id, await http.cookieFor(p.id));
    const post = (form: Record<string, string>) =>
      fetch(`${http.baseUrl}/CoachProfile?_data=${encodeURIComponent('routes/_app.CoachProfile')}`, {
        method: 'POST',
        body: new URLSearchParams(form),
        headers: sameOrigin(http.baseUrl, { Cookie: cookies.get(coach.id)!, Accept: 'application/json' }),
      });
    expect((await post({ intent: 'package-save', sessions: '5', durationMinutes: '60', pricePounds: '200', validityWeeks: '8' })).status).toBe(200);
    const [offer] = await http.db.query<{ id: string }>('select id from package_offers where coach_id = $1', [coach.id]);
    offerId = offer!.id;
  });

  it('buys nothing when the card is refused, and reuses the same payment to try again', async () => {
    const session = await open(client);
    expect(session).toMatchObject({ amountPence: 20_300, servicePricePence: 20_000, adminFeePence: 300 });
    const declined = await pay(client, session, '4000000000000002');
    expect(declined).toMatchObject({ status: 422, body: { ok: false, error: 'Your card was declined.' } });
    expect(await purchases()).toEqual([{ id: session.bookingId, paid: false, weeks: null, credits: null }]);
    const again = await open(client);
    expect(again).toMatchObject({ bookingId: session.bookingId, intentId: session.intentId });
  });

  it('captures the price and one admin fee at once, and holds a credit for each session for the offer’s weeks', async () => {
    const session = await open(client);
    const paid = await pay(client, session);
    expect(paid).toMatchObject({ status: 200, body: { ok: true, step: 'paid' } });
    expect(await purchases()).toEqual([{ id: session.bookingId, paid: true, weeks: 8, credits: ['available', 'available', 'available', 'available', 'available'] }]);
    const [intent] = await http.db.query<{ status: string; amount_received_pence: number }>('select status, amount_received_pence from test_gateway_intents where id = $1', [session.intentId]);
    expect(intent).toEqual({ status: 'succeeded', amount_received_pence: 20_300 });

    const finishedAgain = await step(client, offerId, { intent: 'confirm', purchaseId: session.bookingId, intentId: session.intentId });
    expect(finishedAgain.body).toMatchObject({ ok: true, step: 'paid' });
    expect(await http.db.query('select 1 from package_credits c join package_purchases p on p.id = c.purchase_id where p.client_id = $1', [client.id])).toHaveLength(5);

    const res = await fetch(`${http.baseUrl}/MyBookings?_data=${encodeURIComponent('routes/_app.MyBookings')}`, { headers: { Cookie: cookies.get(client.id)! } });
    const page = (await res.json()) as { packages: { name: string; coachName: string; summary: string }[] };
    expect(page.packages).toEqual([
      expect.objectContaining({ name: '5 sessions of 1 hour', coachName: 'Polly Packages', summary: expect.stringMatching(/^5 of 5 sessions left, valid until \w{3}, \d{1,2} \w{3} \d{4}$/) }),
    ]);
  });

  it('refunds the unused sessions on request, at their session prices and with the admin fee when none was used, once', async () => {
    const [mine] = await purchases();
    const [intentRow] = await http.db.query<{ payment_intent_id: string }>('select payment_intent_id from package_purchases where id = $1', [mine!.id]);
    // One session is booked (it may still happen): its credit stays, and so does the admin fee.
    const booked = await createTestBooking(http.app, { clientId: client.id, coachId: coach.id, startsAt: new Date(Date.now() + 3 * 86_400_000) });
    await http.db.query(`update package_credits set state = 'booked', booking_id = $2 where purchase_id = $1 and position = 0`, [mine!.id, booked.id]);

    const post = (who: Person) =>
      fetch(`${http.baseUrl}/MyBookings?_data=${encodeURIComponent('routes/_app.MyBookings')}`, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'package-refund', purchaseId: mine!.id }),
        headers: sameOrigin(http.baseUrl, { Cookie: cookies.get(who.id)!, Accept: 'application/json' }),
      });
    const byCoach = await post(coach);
    expect(byCoach.status).toBe(404);
    const refunded = await post(client);
    expect(await refunded.json()).toMatchObject({ ok: true, message: '£160.00 refunded to your card for 4 unused sessions.' });
    const [state] = await purchases();
    expect(state!.credits).toEqual(['booked', 'refunded', 'refunded', 'refunded', 'refunded']);
    const [intent] = await http.db.query<{ amount_refunded_pence: number }>('select amount_refunded_pence from test_gateway_intents where id = $1', [intentRow!.payment_intent_id]);
    expect(intent!.amount_refunded_pence).toBe(16_000);

    const again = await post(client);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ ok: false, message: 'There are no unused sessions to refund.' });
  });

  it('refunds an expired package’s unused sessions once, however often and however many at once the expiry job runs', async () => {
    const late = await insertPerson(http.db, { type: 'client', name: 'Lena Late' });
    cookies.set(late.id, await http.cookieFor(late.id));
    const session = await open(late);
    expect((await pay(late, session)).body).toMatchObject({ ok: true, step: 'paid' });
    await http.db.query(`update package_purchases set paid_at = now() - interval '9 weeks', valid_until = now() - interval '1 week' where id = $1`, [session.bookingId]);

    const runs = await Promise.all([refundExpiredPackages(http.app.deps()), refundExpiredPackages(http.app.deps())]);
    const again = await refundExpiredPackages(http.app.deps());
    const refundedIn = [...runs, again].map((r) => (r.ok ? r.value.done.filter((id) => id === session.bookingId).length : -1));
    expect(refundedIn.reduce((a, b) => a + b, 0)).toBe(1);
    const [intent] = await http.db.query<{ amount_refunded_pence: number }>('select amount_refunded_pence from test_gateway_intents where id = $1', [session.intentId]);
    // Nothing was used: every session's price and the admin fee go back.
    expect(intent!.amount_refunded_pence).toBe(20_300);
    const [row] = await http.db.query<{ states: string[]; fee: boolean }>(
      `select (select array_agg(distinct c.state) from package_credits c where c.purchase_id = p.id) as states, p.admin_fee_refunded as fee from package_purchases p where p.id = $1`,
      [session.bookingId],
    );
    expect(row).toEqual({ states: ['refunded'], fee: true });
  });

  it('lets only clients buy, never a package of their own, and only one on sale; another person’s purchase is not theirs to finish', async () => {
    expect((await step(otherCoach, offerId, { intent: 'start' })).body).toMatchObject({ ok: false, code: 'CLIENTS_ONLY' });
    expect((await step(client, '00000000-0000-4000-8000-000000000000', { intent: 'start' })).status).toBe(404);
    expect((await step(client, 'not-an-id', { intent: 'start' })).status).toBe(404);
    const [mine] = await purchases();
    const stranger = await insertPerson(http.db, { type: 'client', name: 'Sid Stranger' });
    cookies.set(stranger.id, await http.cookieFor(stranger.id));
    const [row] = await http.db.query<{ payment_intent_id: string }>('select payment_intent_id from package_purchases where id = $1', [mine!.id]);
    const theirs = await step(stranger, offerId, { intent: 'confirm', purchaseId: mine!.id, intentId: row!.payment_intent_id });
    expect(theirs).toMatchObject({ status: 404, body: { ok: false, code: 'PURCHASE_NOT_FOUND' } });

    await http.db.query('update package_offers set retired_at = now() where id = $1', [offerId]);
    expect((await step(client, offerId, { intent: 'start' })).status).toBe(404);
  });
});
