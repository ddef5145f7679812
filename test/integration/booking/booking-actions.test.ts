import { beforeAll, describe, expect, it } from 'vitest';
import { MikroCoachDirectory } from '../../../adapters/persistence/booking/coach-directory';
import { action as coachAction, loader as coachLoader } from '../../../app/routes/_app.CoachDashboard';
import { action, loader } from '../../../app/routes/_app.MyBookings';
import { requestBooking } from '../../../domain/booking/requests/use-cases/request-booking';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { bodyOf, call, insertPerson, requestAs, type Person } from '../../support/booking-flow';
import { countQueries } from '../../support/query-counter';
import { authoriseWithTestCard } from '../../support/fixtures/bookings';

const ctx = useTestApp();
let client: Person;
let coach: Person;
let otherCoach: Person;
let stranger: Person;

const HOUR = 3_600_000;
const NOW = new Date('2026-05-04T08:00:00Z'); // Monday 09:00 in London (BST)
const at = (ms: number) => ctx.app.testClock!.set(new Date(NOW.getTime() + ms));

/** A request the client made and paid for with the test card (only paid requests reach the coach), unless `paid` is false. */
async function book(startsAt: Date, who = client, withCoach = coach, paid = true): Promise<string> {
  const deps = { ...ctx.app.deps(), coaches: new MikroCoachDirectory(ctx.app.orm.em.fork()) };
  const booking = unwrap(await requestBooking(deps, { actor: who.actor, coachId: withCoach.id, serviceType: 'striker', startsAt, durationMinutes: 60 }));
  if (paid) await authoriseWithTestCard(ctx.app, booking);
  return booking.id;
}

async function act(as: Person, intent: string, bookingId: string, fields: Record<string, string> = {}, route = action) {
  const res = await call(route, ctx.app, await requestAs(ctx.app, as.id, '/MyBookings', { intent, bookingId, ...fields }));
  return { status: res.status, body: await bodyOf<{ ok: boolean; message: string; code?: string }>(res) };
}

const row = async (id: string) =>
  (await ctx.db.query<Record<string, unknown>>('select status, declined, cancellation_reason, starts_at, client_arrived_at, dispute_status, version from bookings where id = $1', [id]))[0]!;

describe('booking actions are enforced on the server', () => {
  beforeAll(async () => {
    at(0);
    client = await insertPerson(ctx.db, { type: 'client', name: 'Chloe Client' });
    coach = await insertPerson(ctx.db, { type: 'coach', name: 'Carlos Coach' });
    otherCoach = await insertPerson(ctx.db, { type: 'coach', name: 'Olga Other' });
    stranger = await insertPerson(ctx.db, { type: 'client', name: 'Sam Stranger' });
  });

  it('refuses a client accepting their own request, and changes nothing', async () => {
    const id = await book(new Date(NOW.getTime() + 48 * HOUR));
    const before = await row(id);
    const res = await act(client, 'accept', id);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ ok: false, code: 'NOT_BOOKING_COACH' });
    expect(await row(id)).toEqual(before);
  });

  it("refuses a stranger cancelling, and another coach acting on someone else's booking (404)", async () => {
    const id = await book(new Date(NOW.getTime() + 50 * HOUR));
    const before = await row(id);
    expect((await act(stranger, 'cancel', id, { reason: 'Because' })).status).toBe(404);
    expect((await act(otherCoach, 'accept', id)).status).toBe(404);
    expect((await act(otherCoach, 'decline', id, { reason: 'No' })).status).toBe(404);
    expect((await act(stranger, 'mark_arrival', id)).status).toBe(404);
    expect((await act(client, 'accept', 'not-a-uuid')).status).toBe(404);
    expect(await row(id)).toEqual(before);
  });

  it('needs a reason to decline; the client then sees it on the Cancelled tab', async () => {
    const id = await book(new Date(NOW.getTime() + 52 * HOUR));
    const missing = await act(coach, 'decline', id, { reason: '  ' }, coachAction);
    expect(missing).toMatchObject({ status: 422, body: { message: 'Please provide a reason for declining.' } });
    const declined = await act(coach, 'decline', id, { reason: 'I am away that weekend' }, coachAction);
    expect(declined).toMatchObject({ status: 200, body: { ok: true, message: 'Booking request declined.' } });
    expect(await row(id)).toMatchObject({ status: 'cancelled', declined: true, cancellation_reason: 'I am away that weekend' });
    const page = await bodyOf<{ cards: { id: string; declined: boolean; cancellationReason: string; status: string }[] }>(
      await call(loader, ctx.app, await requestAs(ctx.app, client.id, '/MyBookings?tab=cancelled')),
    );
    expect(page.cards.find((c) => c.id === id)).toMatchObject({ declined: true, cancellationReason: 'I am away that weekend', status: 'cancelled' });
  });

  it('lets the client cancel with a reason, and only with one', async () => {
    const id = await book(new Date(NOW.getTime() + 54 * HOUR));
    expect((await act(client, 'cancel', id)).body.message).toBe('Please provide a reason for cancelling.');
    expect((await act(client, 'cancel', id, { reason: 'Injured my ankle' })).body).toMatchObject({ ok: true, message: 'Booking cancelled successfully.' });
    expect(await row(id)).toMatchObject({ status: 'cancelled', declined: false });
    expect((await act(client, 'cancel', id, { reason: 'Again' })).status).toBe(409);
  });

  it('refuses a cancellation whose shown refund the 24-hour line has since changed, and moves nothing until the client confirms the new one', async () => {
    const id = await book(new Date(NOW.getTime() + 30 * HOUR));
    expect((await act(coach, 'accept', id, {}, coachAction)).body.ok).toBe(true);
    const total = (await ctx.db.query<{ total: number }>('select total_price_pence as total from bookings where id = $1', [id]))[0]!.total;
    at(7 * HOUR);
    const before = await row(id);
    const stale = await act(client, 'cancel', id, { reason: 'Ill', shownRefundPence: String(total) });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ ok: false, code: 'REFUND_CHANGED', message: 'The refund has changed since you opened this: it is now £3.00. Check the amounts and confirm again.' });
    expect(await row(id)).toEqual(before);
    expect((await act(client, 'cancel', id, { reason: 'Ill', shownRefundPence: '300' })).body.ok).toBe(true);
    at(0);
  });

  it('runs a whole session: accept, arrivals (a second mark refused), completion, reviews that move the rating', async () => {
    const starts = new Date(NOW.getTime() + 72 * HOUR);
    const id = await book(starts);
    expect((await act(coach, 'accept', id, {}, coachAction)).body).toMatchObject({ ok: true });
    expect(await row(id)).toMatchObject({ status: 'confirmed' });
    at(72 * HOUR - 30 * 60_000);
    expect((await act(client, 'mark_arrival', id)).status).toBe(200);
    const marked = await row(id);
    const again = await act(client, 'mark_arrival', id);
    expect(again).toMatchObject({ status: 409, body: { code: 'ALREADY_ARRIVED' } });
    expect(await row(id)).toEqual(marked);
    expect((await act(coach, 'mark_arrival', id)).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'in_session' });
    at(72 * HOUR + 30 * 60_000);
    expect((await act(client, 'mark_completion', id)).body.message).toBe('Please provide a reason for completing the session early.');
    expect((await act(client, 'mark_completion', id, { reason: 'Rain stopped play' })).status).toBe(200);
    at(72 * HOUR + 61 * 60_000);
    expect((await act(coach, 'mark_completion', id)).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'completed' });
    const [profile] = await ctx.db.query<{ total_sessions: number; rating: string }>('select total_sessions, rating from coach_profiles where user_id = $1', [coach.id]);
    expect(profile).toMatchObject({ total_sessions: 1 });

    expect((await act(client, 'review', id, { rating: '' })).body.message).toBe('Please select a rating');
    expect((await act(client, 'review', id, { rating: '4', comment: 'Great finishing drills' })).body).toMatchObject({ ok: true, message: 'Thank you for your review!' });
    expect((await act(client, 'review', id, { rating: '5' })).status).toBe(409);
    expect((await act(coach, 'review', id, { rating: '5', comment: 'Keen and punctual' })).status).toBe(200);
    expect((await act(stranger, 'review', id, { rating: '1' })).status).toBe(404);
    const [after] = await ctx.db.query<{ rating: string; review_count: number }>('select rating, review_count from coach_profiles where user_id = $1', [coach.id]);
    expect(after).toMatchObject({ rating: '4.0', review_count: 1 });
    const past = await bodyOf<{ cards: { id: string; canReview?: true }[] }>(await call(loader, ctx.app, await requestAs(ctx.app, client.id, '/MyBookings?tab=past')));
    expect(past.cards.find((c) => c.id === id)).toBeDefined();
    expect(past.cards.find((c) => c.id === id)?.canReview).toBeUndefined();
  });

  it('moves a session when the client accepts the reschedule the coach proposed, and keeps a dispute to the parties', async () => {
    at(0);
    const id = await book(new Date(NOW.getTime() + 100 * HOUR));
    await act(coach, 'accept', id, {}, coachAction);
    expect((await act(coach, 'propose_reschedule', id, { date: '', time: '' }, coachAction)).body.message).toBe('Please select both date and time');
    expect((await act(coach, 'propose_reschedule', id, { date: '2026-05-12', time: '18:30', reason: 'Pitch booked' }, coachAction)).status).toBe(200);
    expect((await act(coach, 'accept_reschedule', id, {}, coachAction)).status).toBe(403);
    const view = await bodyOf<{ cards: { id: string; reschedule: { view: string; proposedStart: string } }[] }>(await call(loader, ctx.app, await requestAs(ctx.app, client.id, '/MyBookings')));
    expect(view.cards.find((c) => c.id === id)?.reschedule).toMatchObject({ view: 'review', proposedStart: '2026-05-12T18:30' });
    expect((await act(client, 'accept_reschedule', id)).status).toBe(200);
    expect((await row(id)).starts_at).toEqual(new Date('2026-05-12T17:30:00Z'));

    at(8 * 24 * HOUR + 9.5 * HOUR); // 12 May 18:00 London
    await act(client, 'mark_arrival', id);
    await act(coach, 'mark_arrival', id);
    expect((await act(client, 'report_issue', id, { description: '' })).body.message).toBe('Please describe the issue.');
    expect((await act(stranger, 'report_issue', id, { description: 'x' })).status).toBe(404);
    expect((await act(client, 'report_issue', id, { description: 'The coach left after 10 minutes' })).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'disputed', dispute_status: 'open' });
    expect((await act(coach, 'report_issue', id, { description: 'Again' })).status).toBe(409);
  });
});

describe('the MyBookings and CoachDashboard read models', () => {
  it('pages Upcoming soonest first with a keyset cursor, and each loader stays within 5 queries', async () => {
    at(0);
    const pupil = await insertPerson(ctx.db, { type: 'client', name: 'Paged Pupil' });
    const busyCoach = await insertPerson(ctx.db, { type: 'coach', name: 'Busy Coach' });
    const ids: string[] = [];
    // Hourly from 09:00 to 20:00 London each day from Tuesday: the times SPEC's grid offers.
    for (let i = 0; i < 25; i++) ids.push(await book(new Date(NOW.getTime() + (24 + Math.floor(i / 12) * 24 + (i % 12)) * HOUR), pupil, busyCoach));
    const first = await countQueries(async () => call(loader, ctx.app, await requestAs(ctx.app, pupil.id, '/MyBookings')));
    expect(first.count, first.queries.join('\n')).toBeLessThanOrEqual(5);
    type Page = { cards: { id: string }[]; nextCursor: string | null };
    const pages = [await bodyOf<Page>(first.result)];
    for (let cursor = pages[0]!.nextCursor; cursor !== null; cursor = pages[pages.length - 1]!.nextCursor) {
      pages.push(await bodyOf<Page>(await call(loader, ctx.app, await requestAs(ctx.app, pupil.id, `/MyBookings?cursor=${encodeURIComponent(cursor)}`))));
    }
    // Ten cards a page: 'Load more' brings the rest.
    expect(pages.map((p) => p.cards.length)).toEqual([10, 10, 5]);
    expect(pages.flatMap((p) => p.cards.map((c) => c.id))).toEqual(ids);

    const dash = await countQueries(async () => call(coachLoader, ctx.app, await requestAs(ctx.app, busyCoach.id, '/CoachDashboard')));
    expect(dash.count, dash.queries.join('\n')).toBeLessThanOrEqual(5);
    const body = await bodyOf<{ counts: Record<string, number>; cards: { id: string; otherPartyName: string }[] }>(dash.result);
    expect(body.counts).toEqual({ pending: 25, upcoming: 0, history: 0 });
    expect(body.cards.map((c) => c.id)).toEqual(ids.slice(0, 10));
    expect(body.cards[0]).toMatchObject({ viewerIs: 'coach', otherPartyName: 'Paged Pupil' });

    // Another client's request not paid yet does not reach the coach: not listed, not counted.
    const unpaid = await book(new Date(NOW.getTime() + 57 * HOUR), client, busyCoach, false);
    const after = await bodyOf<{ counts: Record<string, number>; cards: { id: string }[] }>(await call(coachLoader, ctx.app, await requestAs(ctx.app, busyCoach.id, '/CoachDashboard?tab=pending')));
    expect(after.counts).toEqual({ pending: 25, upcoming: 0, history: 0 });
    expect(after.cards.map((c) => c.id)).not.toContain(unpaid);
  });

  it('sends clients away from the coach dashboard and admins away from both', async () => {
    const admin = await insertPerson(ctx.db, { type: 'admin' });
    const asClient = await call(coachLoader, ctx.app, await requestAs(ctx.app, client.id, '/CoachDashboard'));
    expect(asClient.headers.get('Location')).toBe('/FindCoaches');
    expect((await call(loader, ctx.app, await requestAs(ctx.app, admin.id, '/MyBookings'))).headers.get('Location')).toBe('/AdminDashboard');
    expect((await call(coachLoader, ctx.app, await requestAs(ctx.app, admin.id, '/CoachDashboard'))).headers.get('Location')).toBe('/AdminDashboard');
  });
});
