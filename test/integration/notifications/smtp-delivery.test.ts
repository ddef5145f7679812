import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createLogger } from '../../../adapters/logging/logger';
import { createSmtpMailer } from '../../../adapters/mail/smtp-mailer';
import { acceptBooking } from '../../../domain/booking/lifecycle/use-cases/accept-booking';
import { acceptReschedule } from '../../../domain/booking/reschedule/use-cases/accept-reschedule';
import { cancelBooking } from '../../../domain/booking/lifecycle/use-cases/cancel-booking';
import { proposeReschedule } from '../../../domain/booking/reschedule/use-cases/propose-reschedule';
import { requestBooking } from '../../../domain/booking/requests/use-cases/request-booking';
import { formatLondonDateTime } from '../../../domain/notifications/email-format';
import { authoriseWithTestCard } from '../../support/fixtures/bookings';
import { useTestApp } from '../../support/app';
import { insertPerson, type Person } from '../../support/booking-flow';
import { freePort } from '../../support/free-port';
import { parseWithIcalJs } from '../../support/ical';
import { icsProperty, parseMime, partOfType, type MimePart } from './mime';
import { emailJobs, expectOk, notificationWorker } from './notification-fixtures';

const ctx = useTestApp();
const DAY = 24 * 3_600_000;

interface Received {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
  readonly mime: MimePart;
}

const received: Received[] = [];
let server: SMTPServer;
let smtpUrl: string;
let client: Person;
let coach: Person;

beforeAll(async () => {
  const port = await freePort();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          mime: parseMime(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${port}`;
  client = await insertPerson(ctx.db, { type: 'client', name: 'Sam Client' });
  coach = await insertPerson(ctx.db, { type: 'coach', name: 'Alex Coach' });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

function sendThroughSmtp() {
  const mailer = createSmtpMailer({ smtpUrl, from: 'FACT <no-reply@fact.test>', logger: createLogger({ level: 'silent', pretty: false }) });
  return notificationWorker(ctx.app, mailer).drain();
}

function takeMessageTo(email: string, subjectStart: string): Received {
  const index = received.findIndex((r) => r.to.includes(email) && (r.mime.headers.subject ?? '').startsWith(subjectStart));
  expect(index, `a message to ${email} starting '${subjectStart}' in ${received.map((r) => r.mime.headers.subject).join(' | ')}`).toBeGreaterThanOrEqual(0);
  return received.splice(index, 1)[0]!;
}

function inviteOf(message: Received): { method: string | undefined; uid: string | undefined; sequence: number; contentType: string; ics: string } {
  const part = partOfType(message.mime, 'text/calendar');
  expect(part, 'a text/calendar part').toBeDefined();
  return {
    method: icsProperty(part!.body, 'METHOD'),
    uid: icsProperty(part!.body, 'UID'),
    sequence: Number(icsProperty(part!.body, 'SEQUENCE')),
    contentType: part!.contentType,
    ics: part!.body,
  };
}

describe('emails through a real SMTP server', () => {
  it('sends the accepted booking with both parts, the booking reference and a calendar invite', async () => {
    const startsAt = new Date(Date.now() + 6 * DAY);
    startsAt.setUTCHours(10, 0, 0, 0);
    const booking = await authoriseWithTestCard(
      ctx.app,
      expectOk(await requestBooking(ctx.app.deps(), { actor: client.actor, coachId: coach.id, serviceType: 'striker', startsAt, durationMinutes: 60, locationType: 'outdoor' })),
    );
    const accepted = expectOk(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id })).booking;
    const outcome = await sendThroughSmtp();
    expect(outcome).toMatchObject({ failed: 0, retried: 0 });
    expect((await emailJobs(ctx.db)).map((j) => j.status)).toEqual(['done', 'done', 'done', 'done']);

    const request = takeMessageTo(`${coach.id}@example.test`, 'New booking request from Sam Client');
    expect(partOfType(request.mime, 'text/calendar')).toBeUndefined();

    // The client's receipt for the hold on their card, with the price lines and the terms.
    const receipt = takeMessageTo(`${client.id}@example.test`, 'Payment received: ');
    expect(receipt.mime.headers.subject).toContain(booking.referenceCode);
    const receiptText = partOfType(receipt.mime, 'text/plain')!.body;
    expect(receiptText).toContain('You are charged only if Alex Coach accepts; otherwise the hold is released.');
    expect(receiptText).toContain('Free cancellation until ');
    expect(receiptText).toContain('Admin fee');

    const message = takeMessageTo(`${client.id}@example.test`, 'Booking confirmed');
    const subject = message.mime.headers.subject!;
    expect(subject).toContain(booking.referenceCode);
    expect(message.from).toBe('no-reply@fact.test');
    const text = partOfType(message.mime, 'text/plain')!.body;
    const html = partOfType(message.mime, 'text/html')!.body;
    const when = formatLondonDateTime(startsAt);
    expect(when).toMatch(/\(London time\)$/);
    expect(text).toContain(`Alex Coach accepted your booking: your session on ${when} is confirmed.`);
    expect(text).toContain(`View the booking: http://localhost:`);
    expect(html).toContain(`<p>Hi Sam,</p>`);
    expect(html).toContain(when);
    expect(html).toMatch(/<a href="http:\/\/localhost:\d+\/MyBookings\?tab=upcoming"/);

    const [job] = await emailJobs(ctx.db, `type = 'email.booking_accepted' and payload->'recipient'->>'role' = 'client'`);
    expect(message.mime.headers['message-id']).toBe(`<email-${job!.id}@localhost>`);

    const invite = inviteOf(message);
    expect(invite.contentType).toMatch(/method=REQUEST/i);
    expect(invite.method).toBe('REQUEST');
    expect(invite.uid).toBe(`booking-${booking.id}@fact`);
    expect(invite.sequence).toBe(accepted.version);
    expect(icsProperty(invite.ics, 'STATUS')).toBe('CONFIRMED');
    expect(icsProperty(invite.ics, 'DTSTART')).toBe(
      startsAt
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
    );
    expect(icsProperty(invite.ics, 'ATTENDEE')?.toLowerCase()).toContain(`mailto:${client.id}@example.test`);
    expect(partOfType(message.mime, 'application/ics'), 'the invite also as an attachment').toBeDefined();

    const coachCopy = takeMessageTo(`${coach.id}@example.test`, 'Session confirmed with Sam Client');
    expect(inviteOf(coachCopy).uid).toBe(`booking-${booking.id}@fact`);
    expect(received).toEqual([]);

    // A reschedule moves the same event (same UID, higher SEQUENCE) ...
    const newStart = new Date(startsAt.getTime() + DAY);
    expectOk(await proposeReschedule(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id, proposedStartsAt: newStart }));
    const moved = expectOk(await acceptReschedule(ctx.app.deps(), { actor: client.actor, bookingId: booking.id }));
    await sendThroughSmtp();
    takeMessageTo(`${client.id}@example.test`, 'New time proposed');
    const update = inviteOf(takeMessageTo(`${client.id}@example.test`, 'New time confirmed'));
    expect(update).toMatchObject({ method: 'REQUEST', uid: invite.uid, sequence: moved.version });
    expect(update.sequence).toBeGreaterThan(invite.sequence);
    expect(icsProperty(update.ics, 'DTSTART')).toBe(
      newStart
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
    );
    const coachUpdate = inviteOf(takeMessageTo(`${coach.id}@example.test`, 'New time confirmed'));
    expect(coachUpdate).toMatchObject({ method: 'REQUEST', uid: invite.uid, sequence: moved.version });

    // ... and a cancellation cancels it (same UID, METHOD:CANCEL).
    const cancelled = expectOk(await cancelBooking(ctx.app.deps(), { actor: client.actor, bookingId: booking.id, reason: 'Broken ankle' }));
    await sendThroughSmtp();
    const cancelMessage = takeMessageTo(`${coach.id}@example.test`, 'Booking cancelled');
    expect(partOfType(cancelMessage.mime, 'text/plain')!.body).toContain('Reason: Broken ankle');
    const cancel = inviteOf(cancelMessage);
    expect(cancel.contentType).toMatch(/method=CANCEL/i);
    expect(cancel).toMatchObject({ method: 'CANCEL', uid: invite.uid, sequence: cancelled.version });
    expect(icsProperty(cancel.ics, 'STATUS')).toBe('CANCELLED');
    const clientCancel = takeMessageTo(`${client.id}@example.test`, 'Booking cancelled');
    expect(partOfType(clientCancel.mime, 'text/plain')!.body).toContain('You cancelled the Striker & Finishing session');
    expect(received).toEqual([]);
  });

  it('sends an invite that is valid iCalendar, in the text/calendar part and the .ics attachment alike, with its two alarms', async () => {
    const startsAt = new Date(Date.now() + 7 * DAY);
    startsAt.setUTCHours(16, 0, 0, 0);
    const booking = await authoriseWithTestCard(
      ctx.app,
      expectOk(await requestBooking(ctx.app.deps(), { actor: client.actor, coachId: coach.id, serviceType: 'striker', startsAt, durationMinutes: 60, locationType: 'outdoor' })),
    );
    expectOk(await acceptBooking(ctx.app.deps(), { actor: coach.actor, bookingId: booking.id }));
    await sendThroughSmtp();
    takeMessageTo(`${coach.id}@example.test`, 'New booking request from Sam Client');
    takeMessageTo(`${client.id}@example.test`, 'Payment received: ');
    takeMessageTo(`${coach.id}@example.test`, 'Session confirmed with Sam Client');
    const message = takeMessageTo(`${client.id}@example.test`, 'Booking confirmed');

    const attachment = partOfType(message.mime, 'application/ics');
    expect(attachment, 'the invite as an attachment').toBeDefined();
    for (const ics of [attachment!.body, partOfType(message.mime, 'text/calendar')!.body]) {
      // RFC 5545 §3.1: CRLF after every line, the last one too; parseWithIcalJs also checks each line's 75 octets.
      expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
      const calendar = parseWithIcalJs(ics);
      expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
      const event = calendar.getFirstSubcomponent('vevent')!;
      expect(event.getFirstPropertyValue('uid')).toBe(`booking-${booking.id}@fact`);
      expect(event.getAllSubcomponents('valarm').map((a) => String(a.getFirstPropertyValue('trigger')))).toEqual(['-P1D', '-PT1H']);
    }
    expect(attachment!.body).toBe(partOfType(message.mime, 'text/calendar')!.body);
    expect(received).toEqual([]);
  });

  it('records a send the SMTP server refused and retries it until it goes through', async () => {
    const startsAt = new Date(Date.now() + 9 * DAY);
    startsAt.setUTCHours(14, 0, 0, 0);
    await authoriseWithTestCard(
      ctx.app,
      expectOk(await requestBooking(ctx.app.deps(), { actor: client.actor, coachId: coach.id, serviceType: 'midfield', startsAt, durationMinutes: 90, locationType: 'outdoor' })),
    );
    const goodUrl = smtpUrl;
    smtpUrl = `smtp://127.0.0.1:${await freePort()}`; // nobody listens there
    const first = await sendThroughSmtp();
    // The coach's request and the client's receipt both wait for another try.
    expect(first).toMatchObject({ retried: 2, failed: 0 });
    const [job] = await emailJobs(ctx.db, `type = 'email.booking_requested' and status <> 'done'`);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.last_error).toContain('MAIL_UNAVAILABLE');
    const [due] = await ctx.db.query<{ wait: number }>(`select extract(epoch from run_after - now())::int as wait from outbox_jobs where id = $1`, [job!.id]);
    expect(due!.wait).toBeGreaterThanOrEqual(8); // back-off: the first retry waits about 10 s
    smtpUrl = goodUrl;
    expect(await sendThroughSmtp()).toMatchObject({ claimed: 0 });
    ctx.app.testClock!.set(new Date(Date.now() + 60_000));
    await sendThroughSmtp();
    ctx.app.testClock!.reset();
    takeMessageTo(`${coach.id}@example.test`, 'New booking request from Sam Client');
    takeMessageTo(`${client.id}@example.test`, 'Payment received: ');
    const [row] = await ctx.db.query<{ status: string; attempts: number }>(`select status, attempts from outbox_jobs where id = $1`, [job!.id]);
    expect(row).toEqual({ status: 'done', attempts: 2 });
  });
});
