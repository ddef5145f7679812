import { describe, expect, it } from 'vitest';
import { CLIENT_ID, COACH_ID, confirmedAndCaptured, pendingBooking, withPatch } from '../testing/booking-fixtures';
import { HOUR_MS, MINUTE_MS } from '../shared/clock';
import { londonToUtc } from '../shared/london-time';
import { ok, unwrap } from '../shared/result';
import { bookingFacts, notifyByEmail, reminderJobsFor } from './booking-emails';
import { composeEmail } from './compose-email';
import { formatLondonDateTime } from './email-format';
import { parseEmailJobPayload, SESSION_REMINDER_JOB, type BookingFacts } from './email-job';
import { alarmsFor } from './session-alarms';
import { reminderAt, reminderSkipReason, remindersAhead, sessionReminderJobs } from './session-reminders';
import { queueSessionReminders, REMINDER_SWEEP_LOOKAHEAD_MS } from './use-cases/queue-session-reminders';
import type { OutboxJob } from '../shared/outbox';

const london = (date: string, time: string): Date => {
  const instant = londonToUtc(date, time);
  if (!instant) throw new Error(`no such London time ${date} ${time}`);
  return instant;
};
const facts = (startsAt: Date, patch: Partial<BookingFacts> = {}): BookingFacts => ({
  ...bookingFacts(withPatch(confirmedAndCaptured(), { startsAt })),
  ...patch,
});
const payloadOf = (job: OutboxJob) => unwrap(parseEmailJobPayload(JSON.parse(JSON.stringify(job.payload))));

describe('when session reminders are due', () => {
  it('reminds 24 elapsed hours before a 10:00 session on the Sunday the clocks go forward (09:00 London on Saturday)', () => {
    const start = london('2026-03-29', '10:00');
    expect(start.toISOString()).toBe('2026-03-29T09:00:00.000Z');
    expect(reminderAt(start, '24h').toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(formatLondonDateTime(reminderAt(start, '24h'))).toBe('Sat 28 Mar 2026, 09:00 (London time)');
    expect(reminderAt(start, '2h').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(formatLondonDateTime(reminderAt(start, '2h'))).toBe('Sun 29 Mar 2026, 08:00 (London time)');
  });

  it('reminds 24 elapsed hours before a 10:00 session on the Sunday the clocks go back (11:00 London on Saturday)', () => {
    const start = london('2026-10-25', '10:00');
    expect(start.toISOString()).toBe('2026-10-25T10:00:00.000Z');
    expect(reminderAt(start, '24h').toISOString()).toBe('2026-10-24T10:00:00.000Z');
    expect(formatLondonDateTime(reminderAt(start, '24h'))).toBe('Sat 24 Oct 2026, 11:00 (London time)');
    expect(formatLondonDateTime(reminderAt(start, '2h'))).toBe('Sun 25 Oct 2026, 08:00 (London time)');
  });

  it('reminds at 10:00 London the day before a 10:00 session on the Sunday after each change', () => {
    const april = london('2026-04-05', '10:00');
    expect(reminderAt(april, '24h').toISOString()).toBe('2026-04-04T09:00:00.000Z');
    expect(formatLondonDateTime(reminderAt(april, '24h'))).toBe('Sat 4 Apr 2026, 10:00 (London time)');
    const november = london('2026-11-01', '10:00');
    expect(reminderAt(november, '24h').toISOString()).toBe('2026-10-31T10:00:00.000Z');
    expect(formatLondonDateTime(reminderAt(november, '24h'))).toBe('Sat 31 Oct 2026, 10:00 (London time)');
  });

  it('keeps a moment that is exactly now and drops one a millisecond past', () => {
    const start = london('2026-12-05', '10:00');
    const kinds = (now: Date) => remindersAhead(start, now).map((r) => r.kind);
    expect(kinds(new Date(start.getTime() - 24 * HOUR_MS - 1))).toEqual(['24h', '2h']);
    expect(kinds(new Date(start.getTime() - 24 * HOUR_MS))).toEqual(['24h', '2h']);
    expect(kinds(new Date(start.getTime() - 24 * HOUR_MS + 1))).toEqual(['2h']);
    expect(kinds(new Date(start.getTime() - 2 * HOUR_MS))).toEqual(['2h']);
    expect(kinds(new Date(start.getTime() - 2 * HOUR_MS + 1))).toEqual([]);
  });
});

describe('queueing session reminders', () => {
  const start = london('2026-12-05', '10:00');
  const daysBefore = new Date(start.getTime() - 3 * 24 * HOUR_MS);

  it('queues one job per party and kind, due at its moment, keyed by booking, kind, party and start', () => {
    const b = facts(start);
    const jobs = sessionReminderJobs(b, daysBefore);
    expect(jobs.map((j) => [j.type, j.runAfter?.toISOString(), j.dedupeKey])).toEqual([
      [SESSION_REMINDER_JOB, '2026-12-04T10:00:00.000Z', `email:session_reminder:${b.id}:24h:client:2026-12-05T10:00:00.000Z`],
      [SESSION_REMINDER_JOB, '2026-12-04T10:00:00.000Z', `email:session_reminder:${b.id}:24h:coach:2026-12-05T10:00:00.000Z`],
      [SESSION_REMINDER_JOB, '2026-12-05T08:00:00.000Z', `email:session_reminder:${b.id}:2h:client:2026-12-05T10:00:00.000Z`],
      [SESSION_REMINDER_JOB, '2026-12-05T08:00:00.000Z', `email:session_reminder:${b.id}:2h:coach:2026-12-05T10:00:00.000Z`],
    ]);
    const p = payloadOf(jobs[0]!);
    expect(p).toMatchObject({ event: 'session_reminder', recipient: { kind: 'user', userId: CLIENT_ID, role: 'client' }, details: { reminder: '24h' } });
    expect(payloadOf(jobs[3]!).recipient).toEqual({ kind: 'user', userId: COACH_ID, role: 'coach' });
  });

  it('queues none for a session that is not confirmed', () => {
    expect(sessionReminderJobs(bookingFacts(pendingBooking()), daysBefore)).toEqual([]);
  });

  it('gives a session confirmed 3 hours before its start only the 2-hour reminders, and one confirmed 1 hour before none', () => {
    expect(sessionReminderJobs(facts(start), new Date(start.getTime() - 3 * HOUR_MS)).map((j) => payloadOf(j).details.reminder)).toEqual(['2h', '2h']);
    expect(sessionReminderJobs(facts(start), new Date(start.getTime() - HOUR_MS))).toEqual([]);
  });

  it('queues fresh reminders when the session moves (the start is in the key)', () => {
    const moved = new Date(start.getTime() + 24 * HOUR_MS);
    const before = new Set(sessionReminderJobs(facts(start), daysBefore).map((j) => j.dedupeKey));
    const after = sessionReminderJobs(facts(moved), daysBefore).map((j) => j.dedupeKey);
    expect(after.some((k) => before.has(k))).toBe(false);
  });

  it('is queued by the booking emails when a session is accepted or moved, and not for other events', () => {
    const b = withPatch(confirmedAndCaptured(), { startsAt: start });
    expect(reminderJobsFor({ event: 'accepted', booking: b, actorId: COACH_ID }, daysBefore)).toHaveLength(4);
    expect(reminderJobsFor({ event: 'reschedule_accepted', booking: b, actorId: CLIENT_ID }, daysBefore)).toHaveLength(4);
    expect(reminderJobsFor({ event: 'reschedule_proposed', booking: b, actorId: CLIENT_ID }, daysBefore)).toEqual([]);
    expect(reminderJobsFor({ event: 'accepted', booking: pendingBooking(), actorId: COACH_ID }, daysBefore)).toEqual([]);
  });

  it('writes the reminders in the same outbox as the change', async () => {
    const queued: OutboxJob[] = [];
    const b = withPatch(confirmedAndCaptured(), { startsAt: start });
    await notifyByEmail({ enqueue: async (j) => void queued.push(j) }, { event: 'accepted', booking: b, actorId: COACH_ID }, daysBefore);
    expect(queued.filter((j) => j.type === SESSION_REMINDER_JOB)).toHaveLength(4);
    expect(queued.filter((j) => j.type.startsWith('email.')).length).toBeGreaterThan(0);
  });
});

describe('checking a reminder when it is sent', () => {
  const start = london('2026-12-05', '10:00');
  const [day, , twoHours] = sessionReminderJobs(facts(start), new Date(start.getTime() - 3 * 24 * HOUR_MS)).map(payloadOf);
  const at24 = reminderAt(start, '24h');

  it('sends while the session is confirmed at the same start and the moment is current', () => {
    expect(reminderSkipReason(day!, { status: 'confirmed', startsAt: start }, at24)).toBeNull();
    expect(reminderSkipReason(twoHours!, { status: 'confirmed', startsAt: start }, new Date(start.getTime() - MINUTE_MS))).toBeNull();
  });

  it('skips a cancelled, moved, started or missing session, saying why', () => {
    expect(reminderSkipReason(day!, { status: 'cancelled', startsAt: start }, at24)).toBe('cancelled');
    expect(reminderSkipReason(day!, { status: 'confirmed', startsAt: new Date(start.getTime() + HOUR_MS) }, at24)).toBe('rescheduled');
    expect(reminderSkipReason(day!, { status: 'in_session', startsAt: start }, at24)).toBe('not_confirmed');
    expect(reminderSkipReason(day!, null, at24)).toBe('not_confirmed');
  });

  it('skips a reminder overtaken by the next one (a 24-hour reminder after the 2-hour moment, a 2-hour one after the start)', () => {
    expect(reminderSkipReason(day!, { status: 'confirmed', startsAt: start }, reminderAt(start, '2h'))).toBe('too_late');
    expect(reminderSkipReason(twoHours!, { status: 'confirmed', startsAt: start }, start)).toBe('too_late');
  });
});

describe('the reminder email', () => {
  const start = london('2026-03-29', '10:00');
  const jobs = sessionReminderJobs(facts(start, { locationAddress: 'Hackney Marshes' }), new Date(start.getTime() - 3 * 24 * HOUR_MS)).map(payloadOf);
  const names = { [CLIENT_ID]: 'Sam Client', [COACH_ID]: 'Alex Coach' };
  const ctx = (role: 'client' | 'coach') => ({
    appUrl: 'https://fact.example',
    recipient: { name: role === 'client' ? 'Sam Client' : 'Alex Coach', email: `${role}@example.test`, role },
    names,
  });

  it('tells the client when, where and with whom, with links to the booking and the conversation', () => {
    const email = composeEmail(jobs[0]!, ctx('client'));
    expect(email.subject).toBe(`Reminder: your session is in 24 hours: Sun 29 Mar 2026 — ${jobs[0]!.booking!.referenceCode}`);
    expect(email.kind).toBe('session_reminders');
    expect(email.calendar).toBeNull();
    expect(email.text).toContain('session with Alex Coach is on Sun 29 Mar 2026, 10:00 (London time).');
    expect(email.text).toContain('Hackney Marshes');
    expect(email.text).toContain(`https://fact.example/Conversation?booking_id=${jobs[0]!.booking!.id}`);
    expect(email.text).toContain('View the booking: https://fact.example/MyBookings?tab=');
    expect(email.text).toContain('Email preferences: https://fact.example/UserProfile#email-preferences');
    expect(email.html).toContain('Conversation with Alex Coach');
  });

  it("names the client to the coach and links the coach's dashboard", () => {
    const email = composeEmail(jobs[3]!, ctx('coach'));
    expect(email.subject).toMatch(/^Reminder: your session is in 2 hours: /);
    expect(email.text).toContain('session with Sam Client is on Sun 29 Mar 2026, 10:00 (London time).');
    expect(email.text).toContain('https://fact.example/CoachDashboard?tab=');
  });
});

describe('calendar alarms', () => {
  it('puts display alarms 24 hours and 1 hour before a confirmed session, none on a cancellation', () => {
    expect(alarmsFor('REQUEST').map((a) => a.beforeMs)).toEqual([24 * HOUR_MS, HOUR_MS]);
    expect(alarmsFor('CANCEL')).toEqual([]);
  });
});

describe('the reminder sweep', () => {
  it('asks for confirmed sessions whose 24-hour or 2-hour moment is in the next 30 minutes and queues only those moments', async () => {
    const now = new Date('2026-12-04T09:50:00.000Z');
    const start = new Date('2026-12-05T10:00:00.000Z');
    const asked: { from: Date; to: Date }[][] = [];
    const queued: OutboxJob[] = [];
    const reminders = {
      confirmedStartingWithin: async (windows: readonly { from: Date; to: Date }[]) => {
        asked.push([...windows]);
        return [facts(start)];
      },
      enqueueAll: async (jobs: readonly OutboxJob[]) => void queued.push(...jobs),
    };
    const outcome = await queueSessionReminders({ reminders, clock: { now: () => now } });
    expect(outcome).toEqual(ok({ sessions: 1, jobs: 2 }));
    expect(asked[0]!.map((w) => [w.from.toISOString(), w.to.toISOString()])).toEqual([
      ['2026-12-05T09:50:00.000Z', '2026-12-05T10:20:00.000Z'],
      ['2026-12-04T11:50:00.000Z', '2026-12-04T12:20:00.000Z'],
    ]);
    expect(queued.map((j) => payloadOf(j).details.reminder)).toEqual(['24h', '24h']);
    expect(REMINDER_SWEEP_LOOKAHEAD_MS).toBe(30 * MINUTE_MS);
  });
});
