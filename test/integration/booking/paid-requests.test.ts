import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAppWorker } from '../../../adapters/outbox/app-worker';
import { insertPerson, type Person } from '../../support/booking-flow';
import { sameOrigin, useHttpApp } from '../../support/http-app';

/**
 * Decision 011 over HTTP, the race that used to hurt: client A requests coach Tom's
 * slot and closes the Secure Payment dialog without paying; client B requests the same slot and
 * pays with 4242. Tom is shown only B; accepting A is refused (409) and changes nothing; A is
 * cancelled 'Payment not completed' by the scheduled expiry 30 minutes after it was made (the
 * client told, Tom not); accepting B confirms it and captures B's money.
 */
const http = useHttpApp();
const DAY = 86_400_000;
const MINUTE = 60_000;

let tom: Person;
let clientA: Person;
let clientB: Person;
const cookies = new Map<string, string>();
const data = (page: string) => `/${page}?_data=${encodeURIComponent(`routes/_app.${page}`)}`;

async function send(who: Person, method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
  const res = await fetch(`${http.baseUrl}${url}`, {
    method,
    body: form ? new URLSearchParams(form) : undefined,
    headers: sameOrigin(http.baseUrl, { Cookie: cookies.get(who.id)!, Accept: 'application/json' }),
    redirect: 'manual',
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function setClock(at: Date): Promise<void> {
  const res = await fetch(`${http.baseUrl}/test/clock`, { method: 'POST', headers: sameOrigin(http.baseUrl), body: new URLSearchParams({ at: at.toISOString() }) });
  expect(res.status).toBe(200);
}

/** Everything the 409 must leave as it was: every booking row, every outbox job, every gateway intent. */
async function snapshot() {
  return {
    bookings: await http.db.query('select * from bookings order by id'),
    jobs: await http.db.query('select id, type, status, payload from outbox_jobs order by id'),
    intents: await http.db.query('select * from test_gateway_intents order by id'),
  };
}

const row = async (id: string) =>
  (
    await http.db.query<{ status: string; payment_status: string; cancellation_reason: string | null; cancelled_by: string | null; declined: boolean; amount_captured_pence: number }>(
      'select status, payment_status, cancellation_reason, cancelled_by, declined, amount_captured_pence from bookings where id = $1',
      [id],
    )
  )[0]!;

const emailsAbout = (bookingId: string) =>
  http.db.query<{ type: string; recipient: string }>(
    `select type, payload->'recipient'->>'userId' as recipient from outbox_jobs where type like 'email.%' and payload->'booking'->>'id' = $1 order by created_at, type`,
    [bookingId],
  );

describe('only paid requests reach the coach', () => {
  let date: string;
  let a: { id: string; referenceCode: string };
  let b: { id: string; referenceCode: string };
  let madeAt: Date;

  beforeAll(async () => {
    tom = await insertPerson(http.db, { type: 'coach', name: 'Tom Coach', services: ['striker'] });
    clientA = await insertPerson(http.db, { type: 'client', name: 'Anna Unpaid' });
    clientB = await insertPerson(http.db, { type: 'client', name: 'Ben Paid' });
    await http.db.query(`insert into availability_periods (id, coach_id, starts_at, ends_at) values ($1, $2, now(), now() + interval '60 days')`, [randomUUID(), tom.id]);
    for (const p of [tom, clientA, clientB]) cookies.set(p.id, await http.cookieFor(p.id));
    date = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
  });

  const book = (who: Person) => send(who, 'POST', data('FindCoaches'), { intent: 'book', coachId: tom.id, serviceType: 'striker', date, time: '10:00', durationMinutes: '60', locationType: 'online' });

  it('A requests and closes the payment unpaid; B requests the same slot and pays; Tom sees only B', async () => {
    madeAt = new Date();
    const bookedA = await book(clientA);
    expect(bookedA.status).toBe(200);
    a = bookedA.body.booking as typeof a;
    // The Secure Payment dialog opens (an intent is created) and A closes it.
    expect((await send(clientA, 'POST', `/api/payments/${a.id}`, { intent: 'start' })).status).toBe(200);

    const bookedB = await book(clientB);
    expect(bookedB.status).toBe(200);
    b = bookedB.body.booking as typeof b;
    const opened = await send(clientB, 'POST', `/api/payments/${b.id}`, { intent: 'start' });
    const intentId = (opened.body.session as { intentId: string }).intentId;
    const paid = await send(clientB, 'POST', `/api/payments/${b.id}`, { intent: 'confirm-test-card', intentId, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    expect(paid).toMatchObject({ status: 200, body: { ok: true, paymentStatus: 'authorized' } });

    const dash = await send(tom, 'GET', data('CoachDashboard'));
    expect(dash.status).toBe(200);
    expect(dash.body.counts).toEqual({ pending: 1, upcoming: 0, history: 0 });
    expect((dash.body.cards as { id: string }[]).map((c) => c.id)).toEqual([b.id]);
    const tomsOwnList = await send(tom, 'GET', data('MyBookings'));
    expect((tomsOwnList.body.cards as { id: string }[]).map((c) => c.id)).toEqual([b.id]);
    // Nor is A's request a conversation on Tom's Messages page, nor can he open it.
    const messages = await send(tom, 'GET', data('Messages'));
    expect((messages.body.rows as { bookingId: string }[]).map((r) => r.bookingId)).toEqual([b.id]);

    // Tom was emailed about B's request once it was paid, never about A's; B got the receipt of the payment.
    expect(await emailsAbout(b.id)).toEqual([
      { type: 'email.booking_requested', recipient: tom.id },
      { type: 'email.payment_receipt', recipient: clientB.id },
    ]);
    expect(await emailsAbout(a.id)).toEqual([]);

    // A sees the request awaiting payment, with Pay Now and the time left.
    const mine = await send(clientA, 'GET', data('MyBookings'));
    const card = (mine.body.cards as { id: string; actions: string[]; awaitingPayment: { minutesLeft: number } | null }[]).find((c) => c.id === a.id)!;
    expect(card.actions).toContain('pay');
    expect(card.awaitingPayment!.minutesLeft).toBeGreaterThanOrEqual(29);
    expect(card.awaitingPayment!.minutesLeft).toBeLessThanOrEqual(30);
  });

  it('refuses Tom accepting A with 409 BOOKING_NOT_PAID and changes nothing', async () => {
    const before = await snapshot();
    const refused = await send(tom, 'POST', data('CoachDashboard'), { intent: 'accept', bookingId: a.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, code: 'BOOKING_NOT_PAID', message: "This request can't be accepted until the client has paid." });
    expect(await snapshot()).toEqual(before);
    expect(await row(b.id)).toMatchObject({ status: 'pending', payment_status: 'authorized' });
  });

  it('refuses A a second pending request for the same coach and start with 409', async () => {
    const again = await book(clientA);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ok: false, code: 'DUPLICATE_PENDING_REQUEST' });
    const [{ n }] = (await http.db.query<{ n: number }>(`select count(*)::int as n from bookings where client_id = $1`, [clientA.id])) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("cancels A 'Payment not completed' from the scheduled expiry 30 minutes after it was made, telling A and not Tom", async () => {
    const [{ created_at: createdAt }] = (await http.db.query<{ created_at: Date }>('select created_at from bookings where id = $1', [a.id])) as [{ created_at: Date }];
    expect(createdAt.getTime()).toBeGreaterThanOrEqual(madeAt.getTime() - 1000);
    const worker = createAppWorker(http.app);

    await setClock(new Date(createdAt.getTime() + 29 * MINUTE));
    await worker.enqueueScheduled();
    await worker.drain();
    expect((await row(a.id)).status).toBe('pending');

    // The next expiry run (every 5 minutes) at or after the 30 minutes.
    await setClock(new Date(createdAt.getTime() + 30 * MINUTE + 5 * MINUTE));
    await worker.enqueueScheduled();
    await worker.drain();
    expect(await row(a.id)).toMatchObject({ status: 'cancelled', cancelled_by: 'system', cancellation_reason: 'Payment not completed', declined: false, payment_status: 'voided' });
    const [intent] = await http.db.query<{ status: string }>('select status from test_gateway_intents where booking_id = $1', [a.id]);
    expect(intent!.status).toBe('canceled');
    expect(await emailsAbout(a.id)).toEqual([{ type: 'email.booking_cancelled', recipient: clientA.id }]);
    expect(await row(b.id)).toMatchObject({ status: 'pending', payment_status: 'authorized' });

    const dash = await send(tom, 'GET', `/CoachDashboard?tab=history&_data=${encodeURIComponent('routes/_app.CoachDashboard')}`);
    expect(dash.body.cards).toEqual([]);
    expect(dash.body.counts).toEqual({ pending: 1, upcoming: 0, history: 0 });
  });

  it('accepts B: confirmed, and B’s money captured', async () => {
    const accepted = await send(tom, 'POST', data('CoachDashboard'), { intent: 'accept', bookingId: b.id });
    expect(accepted.status).toBe(200);
    await createAppWorker(http.app).drain();
    expect(await row(b.id)).toMatchObject({ status: 'confirmed', payment_status: 'captured', amount_captured_pence: 5300 });
    const [intent] = await http.db.query<{ amount_received_pence: number }>('select amount_received_pence from test_gateway_intents where booking_id = $1', [b.id]);
    expect(intent!.amount_received_pence).toBe(5300);
    await fetch(`${http.baseUrl}/test/clock`, { method: 'POST', headers: sameOrigin(http.baseUrl), body: new URLSearchParams({ reset: '1' }) });
  });
});
