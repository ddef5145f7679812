import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestDeletion } from '../../../domain/accounts/erasure/use-cases/request-deletion';
import { decideDeletionRequest } from '../../../domain/accounts/erasure/use-cases/decide-deletion-request';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { acceptReschedule } from '../../../domain/booking/reschedule/use-cases/accept-reschedule';
import { autoCompleteDue } from '../../../domain/booking/session-progress/use-cases/auto-complete-due';
import { cancelBooking } from '../../../domain/booking/lifecycle/use-cases/cancel-booking';
import { declineBooking } from '../../../domain/booking/lifecycle/use-cases/decline-booking';
import { declineReschedule } from '../../../domain/booking/reschedule/use-cases/decline-reschedule';
import { markCompletion } from '../../../domain/booking/session-progress/use-cases/mark-completion';
import { openDispute } from '../../../domain/booking/disputes/use-cases/open-dispute';
import { proposeReschedule } from '../../../domain/booking/reschedule/use-cases/propose-reschedule';
import { requestBooking } from '../../../domain/booking/requests/use-cases/request-booking';
import { resolveDispute } from '../../../domain/booking/disputes/use-cases/resolve-dispute';
import { bookingEventUid } from '../../../domain/notifications/calendar-invite';
import { expireUnpaidRequests } from '../../../domain/booking/requests/use-cases/expire-unpaid-requests';
import { useTestApp } from '../../support/app';
import { authoriseWithTestCard } from '../../support/fixtures/bookings';
import { insertPerson, type Person } from '../../support/booking-flow';
import { clearEmailJobs, emailJobs, expectOk, jobsOfBooking, saveBooking } from './notification-fixtures';

const ctx = useTestApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let client: Person;
let coach: Person;
let admin: Person;

/** A whole hour `days` ahead of the real clock (the test clock follows it unless a test moves it). */
function hourAhead(days: number, hour = 10): Date {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
}

/** A request as the client makes it, unpaid. */
async function requestedUnpaid(startsAt = hourAhead(5)) {
  return expectOk(await requestBooking(ctx.app.deps(), { actor: client.actor, coachId: coach.id, serviceType: 'striker', startsAt, durationMinutes: 60, locationType: 'outdoor' }));
}

/** A request whose payment the client authorised with the test card: the kind that reaches the coach. */
async function requested(startsAt = hourAhead(5)) {
  return authoriseWithTestCard(ctx.app, await requestedUnpaid(startsAt));
}

beforeAll(async () => {
  client = await insertPerson(ctx.db, { type: 'client', name: 'Sam Client' });
  coach = await insertPerson(ctx.db, { type: 'coach', name: 'Alex Coach' });
  admin = await insertPerson(ctx.db, { type: 'admin', name: 'Ada Admin' });
});

beforeEach(async () => {
  ctx.app.testClock?.reset();
  await clearEmailJobs(ctx.db);
});

describe('booking events write their emails to the outbox in the same transaction', () => {
  it('a request tells the coach once its payment is authorised; accepting tells the client and gives both a calendar invite', async () => {
    const unpaid = await requestedUnpaid();
    expect(await jobsOfBooking(ctx.db, unpaid.id)).toEqual([]);
    const booking = await authoriseWithTestCard(ctx.app, unpaid);
    expect(await jobsOfBooking(ctx.db, booking.id)).toEqual(['email.booking_requested → coach', 'email.payment_receipt → client']);
    const [requestEmail] = await emailJobs(ctx.db, `type = 'email.booking_requested'`);
    expect(requestEmail!.payload.booking).toMatchObject({ id: booking.id, status: 'pending', version: booking.version });

    const accepted = expectOk(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id })).booking;
    const jobs = await emailJobs(ctx.db, `type = 'email.booking_accepted'`);
    expect(jobs.map((j) => j.payload.recipient)).toEqual([
      { kind: 'user', userId: client.id, role: 'client' },
      { kind: 'user', userId: coach.id, role: 'coach' },
    ]);
    expect(jobs.every((j) => j.payload.details.calendar === 'request' && j.payload.booking?.version === accepted.version)).toBe(true);
    expect(jobs[0]!.payload.booking).toMatchObject({ id: booking.id, referenceCode: booking.referenceCode, startsAt: booking.startsAt.toISOString() });
    expect(jobs[0]!.dedupe_key).toBe(`email:booking_accepted:${booking.id}:v${accepted.version}:${client.id}`);
  });

  it('a refused change writes no email', async () => {
    const booking = await requested(hourAhead(6));
    await clearEmailJobs(ctx.db);
    const refused = await acceptBooking(ctx.app.deps(), { actor: client.actor, bookingId: booking.id });
    expect(refused.ok).toBe(false);
    expect(await emailJobs(ctx.db)).toEqual([]);
  });

  it('declining tells the client with the reason', async () => {
    const booking = await requested(hourAhead(7));
    expectOk(await declineBooking(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id, reason: 'Away that weekend' }));
    const [job, ...rest] = await emailJobs(ctx.db, `type = 'email.booking_declined'`);
    expect(rest).toEqual([]);
    expect(job!.payload.recipient).toEqual({ kind: 'user', userId: client.id, role: 'client' });
    expect(job!.payload.details).toMatchObject({ reason: 'Away that weekend', actorRole: 'coach' });
    expect(job!.payload.details.calendar).toBeUndefined();
  });

  it('a reschedule goes to the other party, and its acceptance moves the invite with a higher SEQUENCE', async () => {
    const booking = await requested(hourAhead(8));
    const confirmed = expectOk(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id })).booking;
    await clearEmailJobs(ctx.db);
    const newTime = hourAhead(9, 11);
    expectOk(await proposeReschedule(ctx.app.deps(), { actor: client.actor, bookingId: booking.id, proposedStartsAt: newTime, reason: 'School trip' }));
    const [proposal] = await emailJobs(ctx.db, `type = 'email.reschedule_proposed'`);
    expect(proposal!.payload.recipient).toMatchObject({ userId: coach.id, role: 'coach' });
    expect(proposal!.payload.details).toMatchObject({ proposedStartsAt: newTime.toISOString(), reason: 'School trip', actorRole: 'client' });

    const moved = expectOk(await acceptReschedule(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id }));
    const accepted = await emailJobs(ctx.db, `type = 'email.reschedule_accepted'`);
    expect(accepted.map((j) => j.payload.recipient.role)).toEqual(['client', 'coach']);
    expect(accepted[0]!.payload.booking).toMatchObject({ startsAt: newTime.toISOString(), version: moved.version });
    expect(moved.version).toBeGreaterThan(confirmed.version);
    expect(accepted[0]!.payload.details.calendar).toBe('request');

    expectOk(await proposeReschedule(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id, proposedStartsAt: hourAhead(10, 12) }));
    expectOk(await declineReschedule(ctx.app.deps(), { actor: client.actor, bookingId: booking.id }));
    const [declined] = await emailJobs(ctx.db, `type = 'email.reschedule_declined'`);
    expect(declined!.payload.recipient).toMatchObject({ userId: coach.id, role: 'coach' });
  });

  it('cancelling a confirmed session tells both with the reason, the refund and a calendar cancellation', async () => {
    const booking = await requested(hourAhead(11));
    const confirmed = expectOk(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id })).booking;
    await clearEmailJobs(ctx.db);
    const cancelled = expectOk(await cancelBooking(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id, reason: 'Pitch closed' }));
    const jobs = await emailJobs(ctx.db, `type = 'email.booking_cancelled'`);
    expect(jobs.map((j) => j.payload.recipient.role)).toEqual(['client', 'coach']);
    // The capture queued by the accept has not run (no worker here): the money is still only held, all released.
    expect(jobs[0]!.payload.details).toMatchObject({ reason: 'Pitch closed', actorRole: 'coach', calendar: 'cancel', paidPence: 5300, heldOnly: true, refundPence: 5300 });
    expect(jobs[0]!.payload.booking!.version).toBe(cancelled.version);
    expect(cancelled.version).toBeGreaterThan(confirmed.version);
    expect(bookingEventUid(booking.id)).toBe(`booking-${booking.id}@fact`);
  });

  it('a client cancelling a request tells the coach, without a calendar cancellation', async () => {
    const booking = await requested(hourAhead(12));
    await clearEmailJobs(ctx.db);
    expectOk(await cancelBooking(ctx.app.deps(), { actor: client.actor, bookingId: booking.id, reason: 'Found a closer coach' }));
    const jobs = await emailJobs(ctx.db, `type = 'email.booking_cancelled'`);
    expect(jobs.map((j) => j.payload.recipient.role)).toEqual(['client', 'coach']);
    expect(jobs[1]!.payload.details).toMatchObject({ actorRole: 'client', reason: 'Found a closer coach', calendar: null });
  });

  it('a client cancelling a request never paid tells only the client: the coach never saw it', async () => {
    const booking = await requestedUnpaid(hourAhead(13));
    expectOk(await cancelBooking(ctx.app.deps(), { actor: client.actor, bookingId: booking.id, reason: 'Changed my mind' }));
    expect(await jobsOfBooking(ctx.db, booking.id)).toEqual(['email.booking_cancelled → client']);
  });

  it('an unpaid request expiring after 30 minutes tells only the client, "Payment not completed"', async () => {
    const booking = await requestedUnpaid(hourAhead(14));
    ctx.app.testClock!.set(new Date(booking.createdAt.getTime() + 30 * 60_000));
    expect(expectOk(await expireUnpaidRequests(ctx.app.deps())).done).toContain(booking.id);
    const jobs = await emailJobs(ctx.db, `payload->'booking'->>'id' = $1`, [booking.id]);
    expect(jobs.map((j) => `${j.type} → ${j.payload.recipient.role}`)).toEqual(['email.booking_cancelled → client']);
    expect(jobs[0]!.payload.details).toMatchObject({ reason: 'Payment not completed', actorRole: 'system', paidPence: 0 });
  });

  it('a completed session tells both, whether marked by both or completed automatically', async () => {
    const start = new Date(Date.now() - 3 * HOUR);
    const inSession = await saveBooking(ctx.app, client, coach, {
      startsAt: start,
      status: 'in_session',
      sessionStartedAt: start,
      clientArrivedAt: start,
      coachArrivedAt: start,
    });
    expectOk(await markCompletion(ctx.app.deps(), { actor: client.actor, bookingId: inSession.id }));
    expect(await jobsOfBooking(ctx.db, inSession.id)).toEqual([]);
    expectOk(await markCompletion(ctx.app.deps(), { actor: coach.actor, bookingId: inSession.id }));
    expect(await jobsOfBooking(ctx.db, inSession.id)).toEqual(['email.session_completed → client', 'email.session_completed → coach']);

    const longAgo = new Date(Date.now() - 3 * DAY);
    const forgotten = await saveBooking(ctx.app, client, coach, { startsAt: longAgo, status: 'in_session', sessionStartedAt: longAgo, clientArrivedAt: longAgo });
    expectOk(await autoCompleteDue(ctx.app.deps()));
    expect(await jobsOfBooking(ctx.db, forgotten.id)).toEqual(['email.session_completed → client', 'email.session_completed → coach']);
  });

  it('a dispute opened and resolved tells both parties and the administrators', async () => {
    const start = new Date(Date.now() - 2 * HOUR);
    const booking = await saveBooking(ctx.app, client, coach, { startsAt: start, status: 'in_session', sessionStartedAt: start, clientArrivedAt: start, coachArrivedAt: start });
    expectOk(await openDispute(ctx.app.deps(), { actor: client.actor, bookingId: booking.id, description: 'The coach left after ten minutes' }));
    expect(await jobsOfBooking(ctx.db, booking.id)).toEqual(['email.dispute_opened → client', 'email.dispute_opened → coach', 'email.dispute_opened → admins']);
    const [opened] = await emailJobs(ctx.db, `type = 'email.dispute_opened'`);
    expect(opened!.payload.details).toMatchObject({ reason: 'The coach left after ten minutes', actorRole: 'client' });

    await clearEmailJobs(ctx.db);
    expectOk(await resolveDispute(ctx.app.deps(), { actor: admin.actor, bookingId: booking.id, decision: { outcome: 'release', note: 'Session took place' } }));
    expect(await jobsOfBooking(ctx.db, booking.id)).toEqual(['email.dispute_resolved → client', 'email.dispute_resolved → coach', 'email.dispute_resolved → admins']);
    const [resolved] = await emailJobs(ctx.db, `type = 'email.dispute_resolved'`);
    expect(resolved!.payload.details).toMatchObject({ disputeOutcome: 'release', note: 'Session took place' });
  });
});

describe('account events', () => {
  it('a deletion decision tells the user at the address they had, even though approval erases it', async () => {
    const leaver = await insertPerson(ctx.db, { type: 'client', name: 'Lee Leaver' });
    expectOk(await requestDeletion(ctx.app.deps(), { actor: leaver.actor, form: { reason: 'Moving abroad' } }));
    const [request] = await ctx.db.query<{ id: string }>(`select id from account_deletion_requests where user_id = $1`, [leaver.id]);
    expectOk(await decideDeletionRequest(ctx.app.deps(), { actor: admin.actor, form: { requestId: request!.id, decision: 'approved', reason: 'As requested' } }));
    const [job] = await emailJobs(ctx.db, `type = 'email.deletion_decided'`);
    expect(job!.payload.recipient).toEqual({ kind: 'address', userId: leaver.id, email: `${leaver.id}@example.test`, name: 'Lee Leaver' });
    expect(job!.payload.details).toEqual({ decision: 'approved', reason: 'As requested' });
    const [user] = await ctx.db.query<{ email: string | null }>(`select email from users where id = $1`, [leaver.id]);
    expect(user!.email).not.toBe(`${leaver.id}@example.test`);
  });
});
