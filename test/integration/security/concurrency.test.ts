import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAppWorker } from '../../../adapters/outbox/app-worker';
import { insertPerson, type Person } from '../../support/booking-flow';
import { createTestBooking } from '../../support/fixtures/bookings';
import { sameOrigin, useHttpApp } from '../../support/http-app';

/**
 * Concurrency over HTTP, the races the persistence tests do not already cover (those hold 50
 * concurrent accepts of overlapping requests to one confirmation): 50 clients booking the same
 * slot while the coach accepts whatever arrives, 50 parallel sends of each payment step (one
 * intent, one hold, one capture), and both parties changing one booking at the same moment (one
 * wins, the other is told). Each is repeated to catch the race, not the lucky ordering.
 */
const http = useHttpApp();
const CLIENTS = 50;
const DAY = 86_400_000;

let coach: Person;
let clients: Person[] = [];
const cookies = new Map<string, string>();

async function post(who: Person, url: string, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${http.baseUrl}${url}`, {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: sameOrigin(http.baseUrl, { Cookie: cookies.get(who.id)!, Accept: 'application/json' }),
    redirect: 'manual',
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text: text.slice(0, 200) };
  }
  return { status: res.status, body };
}

const bookingAction = (page: 'MyBookings' | 'CoachDashboard') => `/${page}?_data=${encodeURIComponent(`routes/_app.${page}`)}`;
const FIND = `/FindCoaches?_data=${encodeURIComponent('routes/_app.FindCoaches')}`;

/** A London date `daysAhead` from now (UTC date is the same at 10:00 London). */
const dateAhead = (daysAhead: number) => new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10);

/** A booking of the busy coach's for `client` (references are numbered: no clash to try again for). */
const bookingWithCoach = (client: Person, startsAt: Date, paid = true) => createTestBooking(http.app, { clientId: client.id, coachId: coach.id, startsAt, paid });

describe('concurrency over HTTP', () => {
  beforeAll(async () => {
    coach = await insertPerson(http.db, { type: 'coach', name: 'Busy Coach', services: ['striker'] });
    await http.db.query(`insert into availability_periods (id, coach_id, starts_at, ends_at) values ($1, $2, now(), now() + interval '85 days')`, [randomUUID(), coach.id]);
    clients = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => insertPerson(http.db, { type: 'client', name: `Client ${i}` })));
    for (const p of [coach, ...clients]) cookies.set(p.id, await http.cookieFor(p.id));
  });

  it('never confirms two sessions when 50 clients book the same slot and the coach accepts as they arrive (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const date = dateAhead(20 + round);
      let booked = 0;
      const accepts: { status: number; code: unknown }[] = [];
      const seen = new Set<string>();
      let done = false;
      const coachLoop = (async () => {
        // Until one pass after the last client finished paying finds nothing new.
        for (;;) {
          // What the coach is shown: pending requests whose payment is authorised (decision 011).
          const pending = await http.db.query<{ id: string }>(`select id from bookings where coach_id = $1 and status = 'pending' and payment_status = 'authorized' and starts_at::date = $2::date`, [
            coach.id,
            date,
          ]);
          const fresh = pending.filter((p) => !seen.has(p.id));
          fresh.forEach((p) => seen.add(p.id));
          const answers = await Promise.all(fresh.map((p) => post(coach, bookingAction('CoachDashboard'), { intent: 'accept', bookingId: p.id })));
          accepts.push(...answers.map((a) => ({ status: a.status, code: a.body.code })));
          if (done && fresh.length === 0) break;
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      // Each client books, then pays with the test card in the Secure Payment dialog.
      let paying = 0;
      const bookings = await Promise.all(
        clients.map(async (c) => {
          const booked = await post(c, FIND, { intent: 'book', coachId: coach.id, serviceType: 'striker', date, time: '10:00', durationMinutes: '60', locationType: 'online' });
          const id = (booked.body.booking as { id?: string } | undefined)?.id;
          if (booked.status !== 200 || !id) return booked;
          paying++;
          const opened = await post(c, `/api/payments/${id}`, { intent: 'start' });
          const intentId = (opened.body.session as { intentId?: string } | undefined)?.intentId;
          if (intentId) await post(c, `/api/payments/${id}`, { intent: 'confirm-test-card', intentId, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
          return booked;
        }),
      );
      booked = bookings.filter((b) => b.status === 200).length;
      expect(paying).toBe(booked);
      done = true;
      await coachLoop;

      expect(
        bookings.every((b) => b.status < 500),
        JSON.stringify(bookings.filter((b) => b.status >= 500)),
      ).toBe(true);
      expect(
        accepts.every((a) => a.status < 500),
        JSON.stringify(accepts.filter((a) => a.status >= 500)),
      ).toBe(true);
      expect(booked, `round ${round}: at least one request gets through`).toBeGreaterThan(0);
      const confirmed = await http.db.query<{ n: number }>(`select count(*)::int as n from bookings where coach_id = $1 and status = 'confirmed' and starts_at::date = $2::date`, [coach.id, date]);
      expect(confirmed[0]!.n, `round ${round}`).toBe(1);
      expect(accepts.filter((a) => a.status === 200)).toHaveLength(1);
      for (const refused of accepts.filter((a) => a.status !== 200)) expect(refused.status).toBe(409);
    }
    // Never two confirmed sessions of this coach overlapping, across all rounds.
    const overlaps = await http.db.query(
      `select a.id from bookings a join bookings b on a.coach_id = b.coach_id and a.id < b.id
        where a.coach_id = $1 and a.status in ('confirmed','in_session') and b.status in ('confirmed','in_session')
          and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)`,
      [coach.id],
    );
    expect(overlaps).toEqual([]);
  });

  it('opens one payment intent, holds the money once and captures it once for 50 parallel sends of each step (3 rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const client = clients[round]!;
      const booking = await bookingWithCoach(client, new Date(Date.now() + (40 + round) * DAY), false);
      const url = `/api/payments/${booking.id}`;

      const starts = await Promise.all(Array.from({ length: 50 }, () => post(client, url, { intent: 'start' })));
      // Those that arrive while the first is opening the intent are told to wait (409 PAYMENT_PROCESSING).
      const odd = starts.filter((s) => s.status !== 200 && !(s.status === 409 && s.body.code === 'PAYMENT_PROCESSING'));
      expect(odd, JSON.stringify(odd.slice(0, 3))).toEqual([]);
      const opened = starts.filter((s) => s.status === 200);
      expect(opened.length).toBeGreaterThanOrEqual(1);
      const intentIds = new Set(opened.map((s) => (s.body.session as { intentId: string }).intentId));
      expect(intentIds.size).toBe(1);
      const [intentId] = [...intentIds];
      const intents = await http.db.query<{ n: number }>('select count(*)::int as n from test_gateway_intents where booking_id = $1', [booking.id]);
      expect(intents[0]!.n).toBe(1);

      const confirms = await Promise.all(
        Array.from({ length: 50 }, () => post(client, url, { intent: 'confirm-test-card', intentId: intentId!, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' })),
      );
      expect(
        confirms.every((c) => c.status < 500),
        JSON.stringify(confirms.filter((c) => c.status >= 500).slice(0, 3)),
      ).toBe(true);
      expect(confirms.filter((c) => c.status === 200).length).toBeGreaterThanOrEqual(1);
      const [held] = await http.db.query<{ payment_status: string; amount_authorized_pence: number }>('select payment_status, amount_authorized_pence from bookings where id = $1', [booking.id]);
      expect(held).toEqual({ payment_status: 'authorized', amount_authorized_pence: booking.totalPricePence });
      const [gatewayHeld] = await http.db.query<{ status: string; amount_capturable_pence: number; amount_received_pence: number }>(
        'select status, amount_capturable_pence, amount_received_pence from test_gateway_intents where id = $1',
        [intentId],
      );
      expect(gatewayHeld).toEqual({ status: 'requires_capture', amount_capturable_pence: booking.totalPricePence, amount_received_pence: 0 });

      const accepts = await Promise.all(Array.from({ length: 50 }, () => post(coach, bookingAction('CoachDashboard'), { intent: 'accept', bookingId: booking.id })));
      expect(accepts.filter((a) => a.status === 200)).toHaveLength(1);
      expect(accepts.every((a) => a.status === 200 || a.status === 409)).toBe(true);
      const jobs = await http.db.query<{ n: number }>(
        `select count(*)::int as n from outbox_jobs where type = 'payment.instruction' and payload->>'bookingId' = $1 and payload->'instruction'->>'kind' = 'capture'`,
        [booking.id],
      );
      expect(jobs[0]!.n).toBe(1);
      // Two workers drain the queue at once: the capture still happens once.
      const workers = [createAppWorker(http.app), createAppWorker(http.app)];
      await Promise.all(workers.map((w) => w.drain()));
      const [captured] = await http.db.query<{ amount_received_pence: number }>('select amount_received_pence from test_gateway_intents where id = $1', [intentId]);
      expect(captured!.amount_received_pence).toBe(booking.totalPricePence);
      const [paid] = await http.db.query<{ payment_status: string; amount_captured_pence: number }>('select payment_status, amount_captured_pence from bookings where id = $1', [booking.id]);
      expect(paid).toEqual({ payment_status: 'captured', amount_captured_pence: booking.totalPricePence });
    }
  });

  it('lets exactly one of the two parties change a booking at the same moment, and tells the other (20 rounds each)', async () => {
    type Move = (id: string, c: Person) => Promise<{ status: number; body: Record<string, unknown> }>;
    const pairs: [string, 'pending' | 'confirmed', Move, Move][] = [
      [
        'the client cancels while the coach declines',
        'pending',
        (id, c) => post(c, bookingAction('MyBookings'), { intent: 'cancel', bookingId: id, reason: 'Changed my mind' }),
        (id) => post(coach, bookingAction('CoachDashboard'), { intent: 'decline', bookingId: id, reason: 'Away' }),
      ],
      [
        'both propose a new time',
        'pending',
        (id, c) => post(c, bookingAction('MyBookings'), { intent: 'propose_reschedule', bookingId: id, date: dateAhead(70), time: '09:00', reason: 'Clash' }),
        (id) => post(coach, bookingAction('MyBookings'), { intent: 'propose_reschedule', bookingId: id, date: dateAhead(71), time: '11:00', reason: 'Travel' }),
      ],
      [
        'both cancel a confirmed session',
        'confirmed',
        (id, c) => post(c, bookingAction('MyBookings'), { intent: 'cancel', bookingId: id, reason: 'Ill' }),
        (id) => post(coach, bookingAction('CoachDashboard'), { intent: 'cancel', bookingId: id, reason: 'Pitch closed' }),
      ],
    ];
    let n = 0;
    for (const [name, state, clientMove, coachMove] of pairs) {
      for (let round = 0; round < 20; round++) {
        const client = clients[(n % (CLIENTS - 5)) + 5]!;
        const starts = new Date(Date.now() + (45 + Math.floor(n / 10)) * DAY + (n % 10) * 3_600_000);
        n++;
        let booking = await bookingWithCoach(client, starts);
        if (state === 'confirmed') {
          expect((await post(coach, bookingAction('CoachDashboard'), { intent: 'accept', bookingId: booking.id })).status).toBe(200);
          booking = { ...booking, version: booking.version + 1 };
        }
        const [a, b] = await Promise.all([clientMove(booking.id, client), coachMove(booking.id, client)]);
        const winners = [a, b].filter((r) => r.status === 200);
        expect(winners, `${name}, round ${round}: ${a.status} ${JSON.stringify(a.body)} / ${b.status} ${JSON.stringify(b.body)}`).toHaveLength(1);
        const loser = a.status === 200 ? b : a;
        expect(loser.status, name).toBe(409);
        expect(loser.body.ok).toBe(false);
        expect(loser.body.message).toMatch(/./);
        const [row] = await http.db.query<{ status: string; version: number }>('select status, version from bookings where id = $1', [booking.id]);
        expect(row!.version, 'one change stored, not two').toBe(booking.version + 1);
      }
    }
  });
});
