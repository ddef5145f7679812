import { describe, expect, it } from 'vitest';
import { CLIENT_ID, COACH_ID, confirmedAndCaptured, NOW, pendingBooking } from '../../testing/booking-fixtures';
import type { Id } from '../../shared/ids';
import type { Mail } from '../../shared/mailer';
import type { OutboxJob } from '../../shared/outbox';
import { err, ok, unwrap } from '../../shared/result';
import { unavailable } from '../../shared/errors';
import { bookingEmailJobs, bookingFacts } from '../booking-emails';
import { HOUR_MS } from '../../shared/clock';
import { reminderAt, sessionReminderJobs } from '../session-reminders';
import { ALL_EMAILS_ON } from '../../accounts/users/email-preferences';
import type { DeliveryRecord, EmailRecipientInfo, NotificationStore } from '../notification-ports';
import type { SessionNow } from '../session-reminders';
import { deliverEmail, type DeliverEmailDeps } from './deliver-email';

const JOB_ID = '99999999-9999-4999-8999-999999999999';

function fakes(people: EmailRecipientInfo[], options: { failMail?: boolean; unread?: number; session?: SessionNow | null; now?: Date } = {}) {
  const deliveries = new Map<Id, DeliveryRecord>();
  const queued: OutboxJob[] = [];
  const forgotten: Id[] = [];
  const sent: Mail[] = [];
  const store: NotificationStore = {
    findRecipients: async (ids) => people.filter((p) => ids.includes(p.id)),
    activeAdministratorIds: async () => ['a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002'],
    enqueueAll: async (jobs) => void queued.push(...jobs),
    findDelivery: async (id) => deliveries.get(id) ?? null,
    recordDelivery: async (r) => void deliveries.set(r.jobId, r),
    forgetAddress: async (id) => void forgotten.push(id),
    countUnread: async () => options.unread ?? 1,
    findSessionNow: async () => options.session ?? null,
  };
  const deps: DeliverEmailDeps = {
    notifications: store,
    mailer: { send: async (mail) => (options.failMail ? err(unavailable('MAIL_UNAVAILABLE', 'SMTP is away')) : (sent.push(mail), ok(undefined))) },
    calendar: { render: (invite) => `BEGIN:VCALENDAR\nMETHOD:${invite.method}\nUID:${invite.uid}\nEND:VCALENDAR` },
    appUrl: 'https://fact.example',
    clock: { now: () => options.now ?? NOW },
  };
  return { deps, deliveries, queued, forgotten, sent };
}

const person = (id: Id, name: string, patch: Partial<EmailRecipientInfo> = {}): EmailRecipientInfo => ({
  id,
  email: `${name.toLowerCase()}@example.test`,
  fullName: `${name} Person`,
  isActive: true,
  erased: false,
  preferences: ALL_EMAILS_ON,
  ...patch,
});
const job = (payload: unknown, attempts = 1) => ({ id: JOB_ID, payload: JSON.parse(JSON.stringify(payload)) as unknown, attempts, maxAttempts: 3 });
const accepted = bookingEmailJobs({ event: 'accepted', booking: { ...confirmedAndCaptured(), version: 2 }, actorId: COACH_ID }, NOW);

describe('delivering one email job', () => {
  it('sends with the job id as Message-ID and the invite, and records it', async () => {
    const f = fakes([person(CLIENT_ID, 'Sam'), person(COACH_ID, 'Alex')]);
    const outcome = unwrap(await deliverEmail(f.deps, job(accepted[0]!.payload)));
    expect(outcome).toEqual({ outcome: 'sent', messageId: `<email-${JOB_ID}@fact.example>` });
    expect(f.sent[0]).toMatchObject({ to: 'sam@example.test', messageId: `<email-${JOB_ID}@fact.example>`, calendar: { method: 'REQUEST', filename: 'invite.ics' } });
    expect(f.deliveries.get(JOB_ID)).toMatchObject({ status: 'sent', userId: CLIENT_ID, event: 'booking_accepted' });
    expect(unwrap(await deliverEmail(f.deps, job(accepted[0]!.payload)))).toEqual({ outcome: 'already_done' });
    expect(f.sent).toHaveLength(1);
  });

  it('skips an erased or unknown recipient', async () => {
    const f = fakes([person(CLIENT_ID, 'Sam', { erased: true, email: null })]);
    expect(unwrap(await deliverEmail(f.deps, job(accepted[0]!.payload)))).toEqual({ outcome: 'skipped', reason: 'no_address' });
    expect(f.sent).toEqual([]);
  });

  it('refuses a malformed job as invalid (the worker fails it at once)', async () => {
    const f = fakes([]);
    expect(await deliverEmail(f.deps, job({ event: 'booking_accepted', recipient: { kind: 'user' } }))).toMatchObject({ ok: false, error: { kind: 'invalid', code: 'EMAIL_JOB_INVALID' } });
  });

  it('returns the mail failure for a retry, and records it on the last attempt', async () => {
    const f = fakes([person(CLIENT_ID, 'Sam')], { failMail: true });
    expect(await deliverEmail(f.deps, job(accepted[0]!.payload, 1))).toMatchObject({ ok: false, error: { code: 'MAIL_UNAVAILABLE' } });
    expect(f.deliveries.size).toBe(0);
    await deliverEmail(f.deps, job(accepted[0]!.payload, 3));
    expect(f.deliveries.get(JOB_ID)).toMatchObject({ status: 'failed', error: 'SMTP is away' });
  });

  it("queues one job per administrator for the administrators' copy", async () => {
    const b = { ...confirmedAndCaptured(), status: 'disputed' as const, disputeStatus: 'open' as const, disputeReason: 'No show', disputeOpenedBy: CLIENT_ID };
    const admins = bookingEmailJobs({ event: 'dispute_opened', booking: b, actorId: CLIENT_ID }, NOW).find((j) => j.dedupeKey?.endsWith(':admins'))!;
    const f = fakes([]);
    expect(unwrap(await deliverEmail(f.deps, job(admins.payload)))).toEqual({ outcome: 'fanned_out', jobs: 2 });
    expect(f.queued.map((q) => (q.payload.recipient as { role: string }).role)).toEqual(['admin', 'admin']);
    expect(new Set(f.queued.map((q) => q.dedupeKey)).size).toBe(2);
  });

  it('sends an account email to the address it carries, then forgets the address', async () => {
    const payload = {
      event: 'deletion_decided',
      recipient: { kind: 'address', userId: CLIENT_ID, email: 'leaver@example.test', name: 'Lee Leaver' },
      booking: null,
      details: { decision: 'rejected', reason: 'Open dispute first' },
      occurredAt: NOW.toISOString(),
    };
    const f = fakes([]);
    unwrap(await deliverEmail(f.deps, job(payload)));
    expect(f.sent[0]).toMatchObject({ to: 'leaver@example.test', subject: 'Your FACT account deletion request was not approved' });
    expect(f.sent[0]!.text).toContain('Note from FACT: Open dispute first');
    expect(f.forgotten).toEqual([JOB_ID]);
  });

  it('writes no email for booking events nobody is told about', () => {
    const b = pendingBooking();
    expect(bookingEmailJobs({ event: 'session_started', booking: b, actorId: null }, NOW)).toEqual([]);
    expect(bookingEmailJobs({ event: 'payment_failed', booking: b, actorId: null }, NOW)).toEqual([]);
  });

  describe('session reminders', () => {
    const booking = confirmedAndCaptured();
    const reminder = sessionReminderJobs(bookingFacts(booking), new Date(booking.startsAt.getTime() - 3 * 24 * HOUR_MS))[0]!;
    const due = reminderAt(booking.startsAt, '24h');

    it('sends a reminder while the session is confirmed at the same start', async () => {
      const f = fakes([person(CLIENT_ID, 'Sam'), person(COACH_ID, 'Alex')], { session: { status: 'confirmed', startsAt: booking.startsAt }, now: due });
      expect(unwrap(await deliverEmail(f.deps, job(reminder.payload)))).toMatchObject({ outcome: 'sent' });
      expect(f.sent[0]).toMatchObject({ to: 'sam@example.test', subject: expect.stringMatching(/^Reminder: your session is in 24 hours: /) });
      expect(f.deliveries.get(JOB_ID)).toMatchObject({ status: 'sent', event: 'session_reminder' });
    });

    it('records why a reminder was not sent: cancelled, moved, overtaken, switched off', async () => {
      const cases = [
        [{ session: { status: 'cancelled' as const, startsAt: booking.startsAt }, now: due }, 'cancelled'],
        [{ session: { status: 'confirmed' as const, startsAt: new Date(booking.startsAt.getTime() + HOUR_MS) }, now: due }, 'rescheduled'],
        [{ session: { status: 'confirmed' as const, startsAt: booking.startsAt }, now: reminderAt(booking.startsAt, '2h') }, 'too_late'],
      ] as const;
      for (const [options, reason] of cases) {
        const f = fakes([person(CLIENT_ID, 'Sam')], options);
        expect(unwrap(await deliverEmail(f.deps, job(reminder.payload)))).toEqual({ outcome: 'skipped', reason });
        expect(f.sent).toEqual([]);
        expect(f.deliveries.get(JOB_ID)).toMatchObject({ status: 'skipped', reason, userId: CLIENT_ID });
      }
      const off = fakes([person(CLIENT_ID, 'Sam', { preferences: { ...ALL_EMAILS_ON, session_reminders: false } })], { session: { status: 'confirmed', startsAt: booking.startsAt }, now: due });
      expect(unwrap(await deliverEmail(off.deps, job(reminder.payload)))).toEqual({ outcome: 'skipped', reason: 'turned_off' });
    });
  });
});
