import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMessageDigestStore } from '../../../adapters/persistence/notifications/message-digest-store';
import { queueMessageDigests } from '../../../domain/notifications/use-cases/queue-message-digests';
import { updateEmailPreference } from '../../../domain/notifications/use-cases/email-preferences';
import type { Booking } from '../../../domain/booking/lifecycle/booking';
import { useTestApp } from '../../support/app';
import { insertPerson, type Person } from '../../support/booking-flow';
import { clearEmailJobs, emailJobs, expectOk, notificationWorker, recordingMailer, saveBooking } from './notification-fixtures';

const ctx = useTestApp();
const MINUTE = 60_000;
let client: Person;
let coach: Person;
let otherCoach: Person;
let first: Booking;
let second: Booking;

const digest = () => queueMessageDigests({ digests: createMessageDigestStore(ctx.app.orm), clock: ctx.app.clock });

async function message(b: Booking, from: Person, to: Person, minutesAgo: number, read = false): Promise<string> {
  const id = randomUUID();
  await ctx.db.query(
    `insert into messages (id, booking_id, sender_id, receiver_id, content, is_read, read_at, created_at)
     values ($1, $2, $3, $4, 'See you at the pitch', $5, case when $5 then now() end, now() - make_interval(mins => $6))`,
    [id, b.id, from.id, to.id, read, minutesAgo],
  );
  return id;
}

beforeAll(async () => {
  client = await insertPerson(ctx.db, { type: 'client', name: 'Sam Client' });
  coach = await insertPerson(ctx.db, { type: 'coach', name: 'Alex Coach' });
  otherCoach = await insertPerson(ctx.db, { type: 'coach', name: 'Jo Keeper' });
  const soon = new Date(Date.now() + 5 * 24 * 60 * MINUTE);
  first = await saveBooking(ctx.app, client, coach, { startsAt: soon, status: 'confirmed' });
  second = await saveBooking(ctx.app, client, otherCoach, { startsAt: new Date(soon.getTime() + 60 * MINUTE), status: 'confirmed' });
});

beforeEach(async () => {
  ctx.app.testClock?.reset();
  await clearEmailJobs(ctx.db);
  await ctx.db.query('delete from messages');
});

describe('the unread-message digest', () => {
  it('sends one email per person for messages unread over 15 minutes, and never the same message twice', async () => {
    await message(first, coach, client, 40);
    await message(first, coach, client, 20);
    await message(second, otherCoach, client, 16);
    await message(second, otherCoach, client, 5); // not waiting long enough yet
    await message(first, coach, client, 30, true); // already read
    await message(first, client, coach, 25); // the coach's own digest

    expect(expectOk(await digest())).toEqual({ people: 2, messages: 4 });
    const jobs = await emailJobs(ctx.db);
    expect(jobs.map((j) => [j.type, j.payload.recipient.userId, j.payload.recipient.role]).sort()).toEqual(
      [
        ['email.message_digest', client.id, 'client'],
        ['email.message_digest', coach.id, 'coach'],
      ].sort(),
    );
    expect(expectOk(await digest())).toEqual({ people: 0, messages: 0 });

    const mailer = recordingMailer();
    await notificationWorker(ctx.app, mailer).drain();
    const toClient = mailer.sent.find((m) => m.to === `${client.id}@example.test`)!;
    expect(toClient.subject).toBe('You have 3 unread messages on FACT');
    expect(toClient.text).toContain(`2 from Alex Coach about ${first.referenceCode}`);
    expect(toClient.text).toContain(`1 from Jo Keeper about ${second.referenceCode}`);
    expect(toClient.text).toContain('(London time)');
    expect(toClient.text).toContain(`/Conversation?booking_id=${first.id}`);
    expect(toClient.html).toContain(`/Conversation?booking_id=${second.id}`);
    const toCoach = mailer.sent.find((m) => m.to === `${coach.id}@example.test`)!;
    expect(toCoach.subject).toBe(`You have 1 unread message on FACT — ${first.referenceCode}`);
    expect(toCoach.text).toContain('/CoachProfile#email-preferences');

    // The message that was too recent is in the next digest once it has waited 15 minutes.
    ctx.app.testClock!.set(new Date(Date.now() + 11 * MINUTE));
    expect(expectOk(await digest())).toEqual({ people: 1, messages: 1 });
  });

  it("links the unread messages of an enquiry to the enquiry's Conversation page", async () => {
    const enquiryId = randomUUID();
    await ctx.db.query(`insert into enquiries (id, client_id, coach_id, created_at, last_message_at) values ($1, $2, $3, now(), now())`, [enquiryId, client.id, coach.id]);
    await ctx.db.query(`insert into messages (id, enquiry_id, sender_id, receiver_id, content, created_at) values ($1, $2, $3, $4, 'Do you coach on Sundays?', now() - interval '20 minutes')`, [
      randomUUID(),
      enquiryId,
      client.id,
      coach.id,
    ]);
    expect(expectOk(await digest())).toEqual({ people: 1, messages: 1 });
    const mailer = recordingMailer();
    await notificationWorker(ctx.app, mailer).drain();
    const toCoach = mailer.sent.find((m) => m.to === `${coach.id}@example.test`)!;
    expect(toCoach.subject).toBe('You have 1 unread message on FACT');
    expect(toCoach.text).toContain('1 from Sam Client in your enquiry');
    expect(toCoach.text).toContain(`/Conversation?enquiry_id=${enquiryId}`);
  });

  it('puts each message in one digest when two workers run the task at once', async () => {
    for (let i = 0; i < 30; i++) await message(i % 2 ? first : second, i % 2 ? coach : otherCoach, client, 20 + i);
    const outcomes = await Promise.all([digest(), digest(), digest()]);
    const covered = outcomes.reduce((n, o) => n + expectOk(o).messages, 0);
    expect(covered).toBe(30);
    const jobs = await emailJobs(ctx.db);
    expect(jobs.flatMap((j) => j.payload.details.messageIds as string[]).length).toBe(30);
  });

  it('skips the digest when the messages were read before it went out, or the person turned digests off', async () => {
    await message(first, coach, client, 20);
    await message(second, client, otherCoach, 20);
    expectOk(await digest());
    await ctx.db.query(`update messages set is_read = true, read_at = now() where receiver_id = $1`, [client.id]);
    expectOk(await updateEmailPreference(ctx.app.deps(), { actor: otherCoach.actor, form: { kind: 'message_digest', enabled: 'off' } }));
    const mailer = recordingMailer();
    await notificationWorker(ctx.app, mailer).drain();
    expect(mailer.sent).toEqual([]);
    const reasons = await ctx.db.query<{ user_id: string; reason: string }>(
      `select user_id, reason from notification_deliveries where event = 'message_digest' and status = 'skipped' order by reason`,
    );
    expect(reasons).toEqual([
      { user_id: client.id, reason: 'already_read' },
      { user_id: otherCoach.id, reason: 'turned_off' },
    ]);
  });
});
