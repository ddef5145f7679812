import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppWorker } from '../../../adapters/outbox/app-worker';
import { createSessionReminderStore } from '../../../adapters/persistence/notifications/session-reminder-store';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { acceptReschedule } from '../../../domain/booking/reschedule/use-cases/accept-reschedule';
import { cancelBooking } from '../../../domain/booking/lifecycle/use-cases/cancel-booking';
import { proposeReschedule } from '../../../domain/booking/reschedule/use-cases/propose-reschedule';
import { SESSION_REMINDER_JOB } from '../../../domain/notifications/email-job';
import { formatLondonDateTime } from '../../../domain/notifications/email-format';
import { reminderAt } from '../../../domain/notifications/session-reminders';
import { updateEmailPreference } from '../../../domain/notifications/use-cases/email-preferences';
import { queueSessionReminders } from '../../../domain/notifications/use-cases/queue-session-reminders';
import { useTestApp } from '../../support/app';
import { insertPerson, type Person } from '../../support/booking-flow';
import { createTestBooking } from '../../support/fixtures/bookings';
import { expectOk, notificationWorker, recordingMailer } from './notification-fixtures';

const ctx = useTestApp();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface ReminderRow {
  id: string;
  status: string;
  attempts: number;
  dedupe_key: string;
  run_after: Date;
  payload: { recipient: { userId: string; role: string }; booking: { startsAt: string }; details: { reminder: string } };
}

const reminderJobs = (bookingId: string) =>
  ctx.db.query<ReminderRow>(
    `select id, status, attempts, dedupe_key, run_after, payload from outbox_jobs
      where type = $1 and payload->'booking'->>'id' = $2
      order by run_after, payload->'recipient'->>'role', created_at`,
    [SESSION_REMINDER_JOB, bookingId],
  );

const deliveriesOf = (jobIds: string[]) =>
  ctx.db.query<{ job_id: string; status: string; reason: string | null }>(`select job_id, status, reason from notification_deliveries where job_id = any($1::uuid[]) order by status, reason`, [
    jobIds,
  ]);

/** Whole hours three days ahead (within the test card's hold), one slot per test. */
let slot = 0;
function sessionStart(): Date {
  slot += 1;
  const d = new Date(Date.now() + 3 * DAY);
  d.setUTCHours(8 + slot, 0, 0, 0);
  return d;
}

const clock = () => ctx.app.testClock!;
const after = (instant: Date, ms = MINUTE) => clock().set(new Date(instant.getTime() + ms));

/** A paid request from a new client to a new coach, accepted by the coach. */
async function confirmedSession(startsAt = sessionStart()): Promise<{ client: Person; coach: Person; id: string; startsAt: Date }> {
  const client = await insertPerson(ctx.db, { type: 'client', name: 'Sam Client' });
  const coach = await insertPerson(ctx.db, { type: 'coach', name: 'Alex Coach' });
  const booking = await createTestBooking(ctx.app, { clientId: client.id, coachId: coach.id, startsAt });
  expectOk(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id }));
  return { client, coach, id: booking.id, startsAt };
}

beforeEach(async () => {
  // Jobs of earlier tests would come due when a test moves the clock.
  await ctx.db.query(`delete from outbox_jobs where type = $1 or type like 'email.%'`, [SESSION_REMINDER_JOB]);
});

afterEach(() => {
  clock().reset();
});

describe('session reminders', () => {
  it('queues both reminders for both parties when the session is confirmed, due at their moments', async () => {
    const s = await confirmedSession();
    const jobs = await reminderJobs(s.id);
    expect(jobs.map((j) => [j.payload.details.reminder, j.payload.recipient.role, new Date(j.run_after).toISOString(), j.status])).toEqual([
      ['24h', 'client', reminderAt(s.startsAt, '24h').toISOString(), 'pending'],
      ['24h', 'coach', reminderAt(s.startsAt, '24h').toISOString(), 'pending'],
      ['2h', 'client', reminderAt(s.startsAt, '2h').toISOString(), 'pending'],
      ['2h', 'coach', reminderAt(s.startsAt, '2h').toISOString(), 'pending'],
    ]);
    expect(jobs[0]!.dedupe_key).toBe(`email:session_reminder:${s.id}:24h:client:${s.startsAt.toISOString()}`);
  });

  it('sends each reminder once with two workers running at once, and the sweep adds nothing', async () => {
    const s = await confirmedSession();
    const mailA = recordingMailer();
    const mailB = recordingMailer();
    const a = notificationWorker(ctx.app, mailA, { workerId: 'worker-a', batchSize: 1 });
    const b = notificationWorker(ctx.app, mailB, { workerId: 'worker-b', batchSize: 1 });
    const sent = () => [...mailA.sent, ...mailB.sent].filter((m) => m.subject.startsWith('Reminder:'));

    // Not yet due: the accepted emails go, the reminders wait.
    await Promise.all([a.drain(), b.drain()]);
    expect(sent()).toHaveLength(0);

    // Ten minutes before the 24-hour moment the sweep (both workers' scheduled run, and a direct
    // call at the same time) finds the session and queues nothing new: same dedupe keys.
    after(reminderAt(s.startsAt, '24h'), -10 * MINUTE);
    const sweep = () => queueSessionReminders({ reminders: createSessionReminderStore(ctx.app.orm), clock: clock() });
    const [, , swept] = await Promise.all([a.enqueueScheduled(), b.enqueueScheduled(), sweep()]);
    expect(swept).toMatchObject({ ok: true, value: { sessions: 1, jobs: 2 } });
    await Promise.all([a.drain(), b.drain()]);
    expect(await reminderJobs(s.id)).toHaveLength(4);
    expect(sent()).toHaveLength(0);

    after(reminderAt(s.startsAt, '24h'));
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(
      sent()
        .map((m) => m.to)
        .sort(),
    ).toEqual([`${s.client.id}@example.test`, `${s.coach.id}@example.test`].sort());
    expect(sent().every((m) => m.subject.startsWith('Reminder: your session is in 24 hours'))).toBe(true);

    after(reminderAt(s.startsAt, '2h'), -5 * MINUTE);
    await Promise.all([sweep(), sweep()]);
    after(reminderAt(s.startsAt, '2h'));
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    await Promise.all([a.drain(), b.drain()]);
    expect(sent()).toHaveLength(4);
    expect(sent().filter((m) => m.subject.startsWith('Reminder: your session is in 2 hours'))).toHaveLength(2);
    expect(new Set(sent().map((m) => m.messageId)).size).toBe(4);

    const jobs = await reminderJobs(s.id);
    expect(jobs).toHaveLength(4);
    expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
    expect((await deliveriesOf(jobs.map((j) => j.id))).map((d) => d.status)).toEqual(['sent', 'sent', 'sent', 'sent']);

    const toClient = sent().find((m) => m.to === `${s.client.id}@example.test`)!;
    expect(toClient.text).toContain(`session with Alex Coach is on ${formatLondonDateTime(s.startsAt)}`);
    expect(toClient.text).toContain(`/Conversation?booking_id=${s.id}`);
    expect(toClient.text).toContain('/MyBookings?tab=');
    expect(toClient.calendar).toBeUndefined();
    const toCoach = sent().find((m) => m.to === `${s.coach.id}@example.test`)!;
    expect(toCoach.text).toContain('session with Sam Client is on');
    expect(toCoach.text).toContain('/CoachDashboard?tab=');
  });

  it('moves the reminders with a reschedule: the old ones are skipped as rescheduled, the new ones sent at the new time', async () => {
    const s = await confirmedSession();
    const newStart = new Date(s.startsAt.getTime() + DAY);
    expectOk(await proposeReschedule(ctx.app.deps(), { actor: s.client.actor, bookingId: s.id, proposedStartsAt: newStart, reason: 'School trip' }));
    expectOk(await acceptReschedule(ctx.app.deps(), { actor: s.coach.actor, bookingId: s.id }));
    const jobs = await reminderJobs(s.id);
    expect(jobs).toHaveLength(8);
    const oldIds = jobs.filter((j) => j.payload.booking.startsAt === s.startsAt.toISOString()).map((j) => j.id);
    const newIds = jobs.filter((j) => j.payload.booking.startsAt === newStart.toISOString()).map((j) => j.id);
    expect([oldIds.length, newIds.length]).toEqual([4, 4]);

    const mailer = recordingMailer();
    const worker = notificationWorker(ctx.app, mailer);
    after(reminderAt(s.startsAt, '2h'));
    await worker.drain();
    expect(mailer.sent.filter((m) => m.subject.startsWith('Reminder:'))).toHaveLength(0);
    expect((await deliveriesOf(oldIds)).map((d) => `${d.status}:${d.reason}`)).toEqual(Array(4).fill('skipped:rescheduled'));

    after(reminderAt(newStart, '24h'));
    await worker.drain();
    const reminders = mailer.sent.filter((m) => m.subject.startsWith('Reminder:'));
    expect(reminders).toHaveLength(2);
    expect(reminders[0]!.text).toContain(formatLondonDateTime(newStart));
  });

  it('drops the reminders of a cancelled session (skipped as cancelled when their moment comes)', async () => {
    const s = await confirmedSession();
    expectOk(await cancelBooking(ctx.app.deps(), { actor: s.client.actor, bookingId: s.id, reason: 'Injured' }));
    const mailer = recordingMailer();
    after(reminderAt(s.startsAt, '2h'));
    await notificationWorker(ctx.app, mailer).drain();
    expect(mailer.sent.filter((m) => m.subject.startsWith('Reminder:'))).toHaveLength(0);
    const jobs = await reminderJobs(s.id);
    expect((await deliveriesOf(jobs.map((j) => j.id))).map((d) => `${d.status}:${d.reason}`)).toEqual(Array(4).fill('skipped:cancelled'));
  });

  it("skips a person who switched 'Session reminders' off, and still reminds the other party", async () => {
    const s = await confirmedSession();
    expectOk(await updateEmailPreference(ctx.app.deps(), { actor: s.client.actor, form: { kind: 'session_reminders', enabled: 'off' } }));
    const mailer = recordingMailer();
    after(reminderAt(s.startsAt, '24h'));
    await notificationWorker(ctx.app, mailer).drain();
    const reminders = mailer.sent.filter((m) => m.subject.startsWith('Reminder:'));
    expect(reminders.map((m) => m.to)).toEqual([`${s.coach.id}@example.test`]);
    const clientJob = (await reminderJobs(s.id)).find((j) => j.payload.recipient.role === 'client' && j.payload.details.reminder === '24h')!;
    expect(await deliveriesOf([clientJob.id])).toEqual([{ job_id: clientJob.id, status: 'skipped', reason: 'turned_off' }]);
  });

  it('gives a session accepted 3 hours before its start only the 2-hour reminders', async () => {
    const client = await insertPerson(ctx.db, { type: 'client', name: 'Late Client' });
    const coach = await insertPerson(ctx.db, { type: 'coach', name: 'Late Coach' });
    const startsAt = sessionStart();
    const booking = await createTestBooking(ctx.app, { clientId: client.id, coachId: coach.id, startsAt });
    clock().set(new Date(startsAt.getTime() - 3 * HOUR));
    expectOk(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id }));
    expect((await reminderJobs(booking.id)).map((j) => j.payload.details.reminder)).toEqual(['2h', '2h']);
  });

  it('the sweep queues the reminders of a confirmed session that has none (confirmed before reminders existed), once', async () => {
    const s = await confirmedSession();
    await ctx.db.query(`delete from outbox_jobs where type = $1`, [SESSION_REMINDER_JOB]);
    const reminders = createSessionReminderStore(ctx.app.orm);
    after(reminderAt(s.startsAt, '24h'), -10 * MINUTE);
    const [first, second] = await Promise.all([queueSessionReminders({ reminders, clock: clock() }), queueSessionReminders({ reminders, clock: clock() })]);
    expect(first).toMatchObject({ ok: true, value: { sessions: 1, jobs: 2 } });
    expect(second).toMatchObject({ ok: true, value: { sessions: 1, jobs: 2 } });
    const jobs = await reminderJobs(s.id);
    expect(jobs.map((j) => `${j.payload.details.reminder}:${j.payload.recipient.role}`)).toEqual(['24h:client', '24h:coach']);

    const mailer = recordingMailer();
    after(reminderAt(s.startsAt, '24h'));
    await notificationWorker(ctx.app, mailer).drain();
    expect(mailer.sent.filter((m) => m.subject.startsWith('Reminder:'))).toHaveLength(2);
  });

  it('puts display alarms 24 hours and 1 hour before the session in the invite, none in a cancellation', async () => {
    const s = await confirmedSession();
    const mailer = recordingMailer();
    await notificationWorker(ctx.app, mailer).drain();
    const invite = mailer.sent.find((m) => m.to === `${s.client.id}@example.test` && m.calendar)!;
    expect(invite.calendar!.method).toBe('REQUEST');
    const alarms = invite.calendar!.content.split('BEGIN:VALARM').slice(1);
    expect(alarms).toHaveLength(2);
    expect(alarms.map((a) => /TRIGGER:(\S+)/.exec(a)?.[1])).toEqual(['-P1D', '-PT1H']);
    expect(alarms.every((a) => a.includes('ACTION:DISPLAY'))).toBe(true);

    expectOk(await cancelBooking(ctx.app.deps(), { actor: s.coach.actor, bookingId: s.id, reason: 'Pitch closed' }));
    await notificationWorker(ctx.app, mailer).drain();
    const cancel = mailer.sent.find((m) => m.to === `${s.client.id}@example.test` && m.calendar?.method === 'CANCEL')!;
    expect(cancel.calendar!.content).not.toContain('VALARM');
  });

  it("is part of the application's worker: the reminder jobs and the sweep", () => {
    expect(createAppWorker(ctx.app).handledTypes).toEqual(expect.arrayContaining([SESSION_REMINDER_JOB, 'schedule.email.session-reminders']));
  });
});
