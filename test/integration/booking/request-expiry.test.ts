import { beforeAll, describe, expect, it } from 'vitest';
import { createAppWorker } from '../../../adapters/outbox/app-worker';
import { MikroCoachDirectory } from '../../../adapters/persistence/booking/coach-directory';
import { action as coachAction } from '../../../app/routes/_app.CoachDashboard';
import { expireStaleRequests } from '../../../domain/booking/lifecycle/use-cases/expire-stale-requests';
import { requestBooking } from '../../../domain/booking/requests/use-cases/request-booking';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { bodyOf, call, insertPerson, requestAs, type Person } from '../../support/booking-flow';
import { authoriseWithTestCard } from '../../support/fixtures/bookings';

/**
 * Decision 050 with a moved clock: a paid request the coach has not answered expires at the
 * earlier of 6 days after its authorisation and the session's start. The hold is voided through
 * the outbox, both sides are emailed, and the coach's accept is refused with a clear message from
 * the deadline on, whether or not the expiry job has run. No capture is ever sent to the gateway
 * for a request past its deadline.
 */
const ctx = useTestApp();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date('2026-05-04T08:00:00Z'); // Monday 09:00 in London (BST)
const setClock = (at: Date) => ctx.app.testClock!.set(at);
const EXPIRED = { ok: false, code: 'REQUEST_EXPIRED', message: 'This request has expired: the coach did not respond in time.' };

let client: Person;
let coach: Person;

let farSessions = 0;
/** A session further away than the 6 days: each on its own day at 10:00 in London, so no two clash. */
const farSession = () => 20 * DAY + ++farSessions * DAY;

/**
 * A request made and paid for with the test card at NOW, for a session `startsIn` later. The test
 * clock runs on from where it is set, so times are counted from the authorisation as recorded.
 */
async function paidRequest(startsIn: number): Promise<{ id: string; intentId: string; authorisedAt: number; startsAt: number }> {
  setClock(NOW);
  const deps = { ...ctx.app.deps(), coaches: new MikroCoachDirectory(ctx.app.orm.em.fork()) };
  const startsAt = new Date(NOW.getTime() + startsIn + HOUR);
  const made = unwrap(await requestBooking(deps, { actor: client.actor, coachId: coach.id, serviceType: 'striker', startsAt, durationMinutes: 60 }));
  const paid = await authoriseWithTestCard(ctx.app, made);
  return { id: paid.id, intentId: paid.paymentIntentId!, authorisedAt: paid.authorizedAt!.getTime(), startsAt: startsAt.getTime() };
}

async function accept(bookingId: string) {
  const res = await call(coachAction, ctx.app, await requestAs(ctx.app, coach.id, '/CoachDashboard', { intent: 'accept', bookingId }));
  return { status: res.status, body: await bodyOf<{ ok: boolean; message: string; code?: string }>(res) };
}

const row = async (id: string) =>
  (await ctx.db.query<Record<string, unknown>>('select status, payment_status, cancelled_by, cancellation_reason, declined, amount_captured_pence, version from bookings where id = $1', [id]))[0]!;
const intent = async (id: string) =>
  (await ctx.db.query<{ status: string; amount_received_pence: number; metadata: Record<string, string> }>('select * from test_gateway_intents where id = $1', [id]))[0]!;
const jobsAbout = (bookingId: string) =>
  ctx.db.query<{ type: string; recipient: string | null; instruction: string | null }>(
    `select type, payload->'recipient'->>'userId' as recipient, payload->'instruction'->>'kind' as instruction from outbox_jobs
      where payload->>'bookingId' = $1 or payload->'booking'->>'id' = $1 order by type, recipient`,
    [bookingId],
  );
/** Every capture the application ever asked the gateway for on this intent (the gateway's own request log). */
const captureRequests = async (intentId: string) =>
  (await ctx.db.query<{ n: number }>(`select count(*)::int as n from test_gateway_requests where response->>'fingerprint' like $1`, [`["capture","${intentId}"%`]))[0]!.n;
/** Runs the expiry job at `at`, then what it queued (the void, the emails). */
async function expireAt(at: Date) {
  setClock(at);
  const outcome = unwrap(await expireStaleRequests(ctx.app.deps()));
  await createAppWorker(ctx.app).drain();
  return outcome;
}

describe('a paid request the coach does not answer', () => {
  beforeAll(async () => {
    client = await insertPerson(ctx.db, { type: 'client', name: 'Chloe Client' });
    coach = await insertPerson(ctx.db, { type: 'coach', name: 'Carlos Coach' });
  });

  it('expires 6 days after its authorisation: the hold is voided, both sides are emailed, and a later accept is refused', async () => {
    const { id, intentId, authorisedAt } = await paidRequest(farSession());
    const [stored] = await ctx.db.query<{ authorized_at: Date }>('select authorized_at from bookings where id = $1', [id]);
    expect(stored!.authorized_at.getTime()).toBe(authorisedAt);
    expect(authorisedAt - NOW.getTime()).toBeLessThan(MINUTE);

    expect((await expireAt(new Date(authorisedAt + 6 * DAY - MINUTE))).done).not.toContain(id);
    expect(await row(id)).toMatchObject({ status: 'pending', payment_status: 'authorized' });

    expect((await expireAt(new Date(authorisedAt + 6 * DAY))).done).toContain(id);
    expect(await row(id)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'system',
      declined: true,
      cancellation_reason: 'The coach did not respond in time',
      payment_status: 'voided',
      amount_captured_pence: 0,
    });
    // The void went through the outbox to the gateway: canceled by FACT, not left to lapse.
    expect(await intent(intentId)).toMatchObject({ status: 'canceled', amount_received_pence: 0 });
    expect((await intent(intentId)).metadata.cancellation_reason).toBeUndefined();
    const jobs = await jobsAbout(id);
    expect(jobs.filter((j) => j.type === 'payment.instruction').map((j) => j.instruction)).toEqual(['void']);
    expect(jobs.filter((j) => j.type === 'email.booking_declined').map((j) => j.recipient)).toEqual([client.id, coach.id].sort());

    const before = await row(id);
    setClock(new Date(authorisedAt + 6 * DAY + HOUR));
    const refused = await accept(id);
    expect(refused).toEqual({ status: 409, body: expect.objectContaining(EXPIRED) });
    expect(await row(id)).toEqual(before);
    expect(await captureRequests(intentId)).toBe(0);
  });

  it('is refused at its deadline even when the expiry job has not run yet, and nothing changes', async () => {
    const { id, intentId, authorisedAt } = await paidRequest(farSession());
    const before = await row(id);
    const jobsBefore = await jobsAbout(id);
    setClock(new Date(authorisedAt + 6 * DAY));
    expect(await accept(id)).toEqual({ status: 409, body: expect.objectContaining(EXPIRED) });
    expect(await row(id)).toEqual(before);
    expect(await jobsAbout(id)).toEqual(jobsBefore);
    await createAppWorker(ctx.app).drain();
    expect(await captureRequests(intentId)).toBe(0);
    await expireAt(new Date(authorisedAt + 6 * DAY + 5 * MINUTE));
    expect((await row(id)).status).toBe('cancelled');
  });

  it("expires at the session's start when that comes before the 6 days", async () => {
    const { id, intentId, startsAt } = await paidRequest(2 * DAY);
    expect((await expireAt(new Date(startsAt - MINUTE))).done).not.toContain(id);
    expect((await row(id)).status).toBe('pending');
    expect((await expireAt(new Date(startsAt))).done).toContain(id);
    expect(await row(id)).toMatchObject({ status: 'cancelled', cancellation_reason: 'The coach did not respond in time', payment_status: 'voided' });
    expect((await intent(intentId)).status).toBe('canceled');
    expect(await accept(id)).toEqual({ status: 409, body: expect.objectContaining(EXPIRED) });
  });

  it('is accepted a minute before its deadline, and the hold is captured while it is still live', async () => {
    const { id, intentId, authorisedAt } = await paidRequest(farSession());
    setClock(new Date(authorisedAt + 6 * DAY - MINUTE));
    expect((await accept(id)).status).toBe(200);
    await createAppWorker(ctx.app).drain();
    expect(await row(id)).toMatchObject({ status: 'confirmed', payment_status: 'captured', amount_captured_pence: 5300 });
    expect(await intent(intentId)).toMatchObject({ status: 'succeeded', amount_received_pence: 5300 });
    // Not expired afterwards by the job.
    expect((await expireAt(new Date(authorisedAt + 6 * DAY + 5 * MINUTE))).done).not.toContain(id);
  });

  it('never sends the gateway a capture on an authorisation past its deadline, whenever the coach answers', async () => {
    // Answers from the first hour to well after the card network's 7 days, the expiry job running or not in between.
    const answers = [HOUR, 3 * DAY, 6 * DAY - 5 * MINUTE, 6 * DAY, 6 * DAY + HOUR, 7 * DAY, 8 * DAY];
    for (const [i, answerAfter] of answers.entries()) {
      const { id, intentId, authorisedAt } = await paidRequest(farSession());
      if (i % 2 === 1) await expireAt(new Date(authorisedAt + answerAfter - MINUTE));
      setClock(new Date(authorisedAt + answerAfter));
      const answered = await accept(id);
      await createAppWorker(ctx.app).drain();
      const gateway = await intent(intentId);
      if (answerAfter < 6 * DAY) {
        expect(answered.status).toBe(200);
        expect(gateway).toMatchObject({ status: 'succeeded', amount_received_pence: 5300 });
      } else {
        expect(answered).toEqual({ status: 409, body: expect.objectContaining(EXPIRED) });
        expect(await captureRequests(intentId)).toBe(0);
        expect(gateway.amount_received_pence).toBe(0);
      }
      await expireAt(new Date(authorisedAt + answerAfter + 5 * MINUTE));
      expect((await row(id)).status).toBe(answerAfter < 6 * DAY ? 'confirmed' : 'cancelled');
    }
  });

  it('is expired once when two workers run the job at the same moment', async () => {
    const { id, authorisedAt } = await paidRequest(farSession());
    setClock(new Date(authorisedAt + 6 * DAY));
    const [first, second] = await Promise.all([expireStaleRequests(ctx.app.deps()), expireStaleRequests(ctx.app.deps())]);
    const done = [unwrap(first).done, unwrap(second).done].flat().filter((b) => b === id);
    expect(done).toEqual([id]);
    await createAppWorker(ctx.app).drain();
    const jobs = await jobsAbout(id);
    expect(jobs.filter((j) => j.type === 'payment.instruction')).toHaveLength(1);
    expect(jobs.filter((j) => j.type === 'email.booking_declined')).toHaveLength(2);
  });
});
