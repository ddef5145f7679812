import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { openDispute } from '../../../domain/booking/disputes/use-cases/open-dispute';
import { requestBooking } from '../../../domain/booking/requests/use-cases/request-booking';
import { createAppWorker } from '../../../adapters/outbox/app-worker';
import { EMAIL_JOB_TYPES } from '../../../domain/notifications/email-job';
import { authoriseWithTestCard } from '../../support/fixtures/bookings';
import { useTestApp } from '../../support/app';
import { insertPerson, type Person } from '../../support/booking-flow';
import { clearEmailJobs, emailJobs, expectOk, notificationWorker, recordingMailer, saveBooking } from './notification-fixtures';

const ctx = useTestApp();
const HOUR = 3_600_000;
let client: Person;
let coach: Person;

beforeAll(async () => {
  client = await insertPerson(ctx.db, { type: 'client', name: 'Sam Client' });
  coach = await insertPerson(ctx.db, { type: 'coach', name: 'Alex Coach' });
});

beforeEach(async () => {
  await clearEmailJobs(ctx.db);
  await ctx.db.query('delete from notification_deliveries');
});

/** 12:00 UTC `days` ahead: on SPEC's hourly grid in London, summer or winter. */
function onTheHour(days: number): Date {
  const d = new Date(Date.now() + days * 24 * HOUR);
  d.setUTCHours(12, 0, 0, 0);
  return d;
}

/** `n` requests at distinct hours on SPEC's grid (six a day), every other one accepted: 3 emails per request on average (the coach's request and the client's receipt each, both parties' confirmation for half). */
async function manyBookingEmails(n: number): Promise<number> {
  const base = new Date(Date.now() + 3 * 24 * HOUR);
  base.setUTCHours(9, 0, 0, 0);
  for (let i = 0; i < n; i++) {
    const startsAt = new Date(base.getTime() + (i % 6) * 2 * HOUR + Math.floor(i / 6) * 24 * HOUR);
    const b = await authoriseWithTestCard(
      ctx.app,
      expectOk(await requestBooking(ctx.app.deps(), { actor: client.actor, coachId: coach.id, serviceType: 'striker', startsAt, durationMinutes: 60, locationType: 'outdoor' })),
    );
    if (i % 2 === 0) expectOk(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: b.id }));
  }
  return (await emailJobs(ctx.db)).length;
}

describe('delivering each email exactly once', () => {
  it('two workers on one outbox send every email once, each with its own job id as Message-ID', async () => {
    const expected = await manyBookingEmails(24);
    expect(expected).toBe(24 * 2 + 12 * 2);
    const mailA = recordingMailer();
    const mailB = recordingMailer();
    const a = notificationWorker(ctx.app, mailA, { workerId: 'worker-a', batchSize: 3 });
    const b = notificationWorker(ctx.app, mailB, { workerId: 'worker-b', batchSize: 3 });
    await Promise.all([a.drain(), b.drain()]);

    const sent = [...mailA.sent, ...mailB.sent];
    expect(sent).toHaveLength(expected);
    expect(mailA.sent.length).toBeGreaterThan(0);
    expect(mailB.sent.length).toBeGreaterThan(0);
    const jobs = await emailJobs(ctx.db);
    expect(new Set(sent.map((m) => m.messageId))).toEqual(new Set(jobs.map((j) => `<email-${j.id}@localhost>`)));
    expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
    const deliveries = await ctx.db.query<{ status: string; n: number }>(`select status, count(*)::int as n from notification_deliveries group by 1`);
    expect(deliveries).toEqual([{ status: 'sent', n: expected }]);
  });

  it('does not send again when a job that was sent runs again (its worker died before marking it done)', async () => {
    const b = await authoriseWithTestCard(
      ctx.app,
      expectOk(
        await requestBooking(ctx.app.deps(), {
          actor: client.actor,
          coachId: coach.id,
          serviceType: 'striker',
          startsAt: onTheHour(40),
          durationMinutes: 60,
          locationType: 'outdoor',
        }),
      ),
    );
    const mailer = recordingMailer();
    await notificationWorker(ctx.app, mailer).drain();
    // The coach's request and the client's receipt.
    expect(mailer.sent).toHaveLength(2);
    // What the stale-lock reclaim does to a job whose worker vanished after sending.
    await ctx.db.query(`update outbox_jobs set status = 'pending', done_at = null where type like 'email.%' and payload->'booking'->>'id' = $1`, [b.id]);
    await notificationWorker(ctx.app, mailer, { workerId: 'worker-after-crash' }).drain();
    expect(mailer.sent).toHaveLength(2);
    const jobs = await emailJobs(ctx.db);
    expect(jobs.map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('retries a failed send with back-off and records the last failure for the operator', async () => {
    await authoriseWithTestCard(
      ctx.app,
      expectOk(
        await requestBooking(ctx.app.deps(), {
          actor: client.actor,
          coachId: coach.id,
          serviceType: 'striker',
          startsAt: onTheHour(41),
          durationMinutes: 60,
          locationType: 'outdoor',
        }),
      ),
    );
    const mailer = recordingMailer();
    mailer.failNext = 100;
    await ctx.db.query(`update outbox_jobs set max_attempts = 3 where type like 'email.%'`);
    const outcome = await notificationWorker(ctx.app, mailer, { backoffMs: () => 0 }).drain();
    // Both emails of the request (the coach's and the client's receipt) fail three times.
    expect(outcome).toMatchObject({ retried: 4, failed: 2 });
    const [job] = await emailJobs(ctx.db, `type = 'email.booking_requested'`);
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
    expect(job!.last_error).toContain('SMTP is away');
    const [delivery] = await ctx.db.query<{ status: string; error: string; subject: string }>(`select status, error, subject from notification_deliveries where job_id = $1`, [job!.id]);
    expect(delivery).toMatchObject({ status: 'failed', error: 'SMTP is away' });
    expect(delivery!.subject).toMatch(/^New booking request from Sam Client/);
  });

  it('gives each active administrator their own copy of a dispute email, once', async () => {
    const admins = [await insertPerson(ctx.db, { type: 'admin', name: 'Ada Admin' }), await insertPerson(ctx.db, { type: 'admin', name: 'Bo Admin' })];
    const gone = await insertPerson(ctx.db, { type: 'admin', name: 'Cy Former' });
    await ctx.db.query(`update users set is_active = false, deactivated_at = now() where id = $1`, [gone.id]);
    const start = new Date(Date.now() - 2 * HOUR);
    const booking = await saveBooking(ctx.app, client, coach, { startsAt: start, status: 'in_session', sessionStartedAt: start, clientArrivedAt: start, coachArrivedAt: start });
    expectOk(await openDispute(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id, description: 'The client did not pay the pitch fee' }));

    const mailer = recordingMailer();
    const worker = notificationWorker(ctx.app, mailer);
    await Promise.all([worker.drain(), notificationWorker(ctx.app, mailer, { workerId: 'second' }).drain()]);
    const to = mailer.sent.map((m) => m.to).sort();
    expect(to).toEqual([...admins.map((a) => `${a.id}@example.test`), `${client.id}@example.test`, `${coach.id}@example.test`].sort());
    const adminMail = mailer.sent.find((m) => m.to === `${admins[0]!.id}@example.test`)!;
    expect(adminMail.subject).toMatch(new RegExp(`^Dispute opened: .* — ${booking.referenceCode}$`));
    expect(adminMail.text).toContain('Alex Coach reported an issue with the session');
    expect(adminMail.text).toContain('/AdminBookings?search=');
    const clientMail = mailer.sent.find((m) => m.to === `${client.id}@example.test`)!;
    expect(clientMail.subject).toMatch(/^Issue reported: /);
  });

  it("is part of the application's worker: every email job type and the digest task", () => {
    const types = createAppWorker(ctx.app).handledTypes;
    expect(types).toEqual(expect.arrayContaining([...EMAIL_JOB_TYPES, 'schedule.email.message-digest', 'payment.instruction']));
  });
});
