import { beforeAll, describe, expect, it } from 'vitest';
import { action as coachAction } from '../../../app/routes/_app.CoachDashboard';
import { action, loader } from '../../../app/routes/_app.MyBookings';
import { useTestApp } from '../../support/app';
import { bodyOf, call, insertPerson, requestAs, type Person } from '../../support/booking-flow';
import { emailJobs, saveBooking } from '../notifications/notification-fixtures';

/**
 * Withdrawing a reschedule proposal through the pages' booking action: only the proposer, only
 * while the proposal waits; a refusal changes nothing, and the other party is told by email.
 */
const ctx = useTestApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let client: Person;
let coach: Person;
let admin: Person;
let stranger: Person;

/** A whole hour `days` ahead of the real clock (the test clock follows it). */
function hourAhead(days: number, hour = 10): Date {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
}

/** A confirmed, paid session on which `by` has proposed a new time a day later. */
async function proposal(by: 'client' | 'coach' | null, days: number) {
  const startsAt = hourAhead(days);
  const booking = await saveBooking(ctx.app, client, coach, {
    startsAt,
    status: 'confirmed',
    paymentStatus: 'captured',
    amountAuthorizedPence: 5300,
    amountCapturedPence: 5300,
    ...(by
      ? {
          rescheduleStatus: 'pending' as const,
          rescheduleRequestedBy: (by === 'client' ? client : coach).id,
          rescheduleProposedStartsAt: new Date(startsAt.getTime() + DAY),
          rescheduleReason: 'Exams',
        }
      : {}),
  });
  return booking;
}

async function withdraw(as: Person, bookingId: string, route = action) {
  const res = await call(route, ctx.app, await requestAs(ctx.app, as.id, '/MyBookings', { intent: 'withdraw_reschedule', bookingId }));
  return { status: res.status, body: await bodyOf<{ ok: boolean; message: string; code?: string }>(res) };
}

const stored = async (id: string) =>
  (
    await ctx.db.query<Record<string, unknown>>(
      'select status, starts_at, payment_status, reschedule_status, reschedule_requested_by, reschedule_proposed_starts_at, version from bookings where id = $1',
      [id],
    )
  )[0]!;

beforeAll(async () => {
  client = await insertPerson(ctx.db, { type: 'client', name: 'Wendy Client' });
  coach = await insertPerson(ctx.db, { type: 'coach', name: 'Walt Coach' });
  admin = await insertPerson(ctx.db, { type: 'admin', name: 'Ada Admin' });
  stranger = await insertPerson(ctx.db, { type: 'client', name: 'Sid Stranger' });
});

describe('withdrawing a reschedule proposal', () => {
  it('lets the proposer withdraw: the session keeps its time and the other party is emailed', async () => {
    const booking = await proposal('client', 6);
    const before = await stored(booking.id);
    const res = await withdraw(client, booking.id);
    expect(res).toMatchObject({ status: 200, body: { ok: true, message: 'Proposal withdrawn. The session keeps its time.' } });
    const after = await stored(booking.id);
    expect(after).toMatchObject({ status: 'confirmed', starts_at: before.starts_at, payment_status: 'captured', reschedule_status: 'withdrawn' });
    expect(after.version).toBe(Number(before.version) + 1);
    const [email] = await emailJobs(ctx.db, `type = 'email.reschedule_withdrawn' and payload->'booking'->>'id' = $1`, [booking.id]);
    expect(email!.payload.recipient).toMatchObject({ userId: coach.id, role: 'coach' });
    expect(email!.payload.details).toMatchObject({ proposedStartsAt: booking.rescheduleProposedStartsAt!.toISOString(), actorRole: 'client' });

    // The card goes back: no proposed time, no withdraw, the client may propose again.
    const page = await bodyOf<{ cards: { id: string; reschedule?: unknown; actions: string[] }[] }>(await call(loader, ctx.app, await requestAs(ctx.app, client.id, '/MyBookings')));
    const card = page.cards.find((c) => c.id === booking.id)!;
    expect(card.reschedule).toBeUndefined();
    expect(card.actions).toContain('propose_reschedule');
    expect(card.actions).not.toContain('withdraw_reschedule');
  });

  it('lets a coach withdraw their own proposal from the dashboard', async () => {
    const booking = await proposal('coach', 7);
    expect((await withdraw(coach, booking.id, coachAction)).status).toBe(200);
    expect(await stored(booking.id)).toMatchObject({ reschedule_status: 'withdrawn' });
  });

  it('refuses the other party, an administrator and a stranger, and changes nothing', async () => {
    const booking = await proposal('client', 8);
    const before = await stored(booking.id);
    expect(await withdraw(coach, booking.id, coachAction)).toMatchObject({
      status: 403,
      body: { ok: false, code: 'ONLY_PROPOSER_CAN_WITHDRAW', message: 'Only the person who proposed the new time can withdraw it.' },
    });
    expect(await withdraw(admin, booking.id)).toMatchObject({ status: 403, body: { code: 'PARTY_ONLY' } });
    expect(await withdraw(stranger, booking.id)).toMatchObject({ status: 404, body: { code: 'NOT_BOOKING_PARTY' } });
    expect(await stored(booking.id)).toEqual(before);
    expect(await emailJobs(ctx.db, `type = 'email.reschedule_withdrawn' and payload->'booking'->>'id' = $1`, [booking.id])).toEqual([]);
  });

  it('refuses when there is nothing to withdraw, with a clear message', async () => {
    const none = await proposal(null, 9);
    expect(await withdraw(client, none.id)).toMatchObject({ status: 409, body: { code: 'NO_PROPOSAL_TO_WITHDRAW', message: 'There is no pending reschedule proposal to withdraw.' } });
    const withdrawn = await proposal('client', 10);
    expect((await withdraw(client, withdrawn.id)).status).toBe(200);
    const before = await stored(withdrawn.id);
    expect((await withdraw(client, withdrawn.id)).status).toBe(409);
    expect(await stored(withdrawn.id)).toEqual(before);
  });

  it('answers a booking that does not exist with 404', async () => {
    expect((await withdraw(client, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
