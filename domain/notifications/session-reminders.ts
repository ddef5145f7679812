import type { BookingStatusValue } from '../shared/catalogue';
import { HOUR_MS } from '../shared/clock';
import type { OutboxJob } from '../shared/outbox';
import { emailJob, type BookingFacts, type EmailJobPayload, type EmailRecipient } from './email-job';
import type { SkipReason } from './notification-ports';

/**
 * Decision 013: both parties are reminded of each confirmed session 24 hours and
 * 2 hours before it starts. Hours are elapsed time, not wall-clock time: across a clock change
 * in London the 24-hour reminder shows one hour earlier or later on the day before.
 *
 * Each reminder is one outbox job per party and kind, queued when the session is confirmed (or
 * its new time accepted) with `runAfter` = its moment, and again by a sweep shortly before it
 * (same dedupe key, so never twice). The key names the booking, the kind, the party and the
 * start: a reschedule queues fresh reminders, and the old ones find the booking moved when their
 * moment comes and are skipped with the reason recorded, as are those of a cancelled session.
 */
export const REMINDER_KINDS = ['24h', '2h'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const REMINDER_LEAD_MS: Readonly<Record<ReminderKind, number>> = { '24h': 24 * HOUR_MS, '2h': 2 * HOUR_MS };

/** The instant a reminder of `kind` is due for a session starting at `startsAt`. */
export function reminderAt(startsAt: Date, kind: ReminderKind): Date {
  return new Date(startsAt.getTime() - REMINDER_LEAD_MS[kind]);
}

/**
 * The last instant a reminder still makes sense (a retried send must not arrive after the next
 * reminder's moment, or after the start).
 */
export function reminderValidUntil(startsAt: Date, kind: ReminderKind): Date {
  return kind === '24h' ? reminderAt(startsAt, '2h') : startsAt;
}

export interface PlannedReminder {
  readonly kind: ReminderKind;
  readonly at: Date;
}

/**
 * The reminders still ahead at `now` for a confirmed session: a moment already past gets none (a
 * session confirmed 3 hours before its start gets only the 2-hour one); a moment exactly now is
 * still ahead (it is sent at once).
 */
export function remindersAhead(startsAt: Date, now: Date): PlannedReminder[] {
  return REMINDER_KINDS.map((kind) => ({ kind, at: reminderAt(startsAt, kind) })).filter((r) => r.at.getTime() >= now.getTime());
}

const parties = (b: BookingFacts): EmailRecipient[] => [
  { kind: 'user', userId: b.clientId, role: 'client' },
  { kind: 'user', userId: b.coachId, role: 'coach' },
];

/** `session_reminder:<booking>:<kind>:<party>:<start>`: one per reminder of one session time. */
export function reminderDedupeKey(b: BookingFacts, kind: ReminderKind, role: string): string {
  return `session_reminder:${b.id}:${kind}:${role}:${new Date(b.startsAt).toISOString()}`;
}

/**
 * The reminder jobs for a session as it is now (none unless confirmed), limited to the moments in
 * [now, until] when `until` is given (the sweep looks a little ahead only).
 */
export function sessionReminderJobs(b: BookingFacts, now: Date, until?: Date): OutboxJob[] {
  if (b.status !== 'confirmed') return [];
  const startsAt = new Date(b.startsAt);
  const due = remindersAhead(startsAt, now).filter((r) => !until || r.at.getTime() <= until.getTime());
  return due.flatMap(({ kind, at }) =>
    parties(b).map((recipient) => {
      const payload: EmailJobPayload = { event: 'session_reminder', recipient, booking: b, details: { reminder: kind }, occurredAt: at.toISOString() };
      const role = recipient.kind === 'user' ? recipient.role : recipient.kind;
      return { ...emailJob(payload, reminderDedupeKey(b, kind, role)), runAfter: at };
    }),
  );
}

/** The booking as it stands when a reminder is about to be sent. */
export interface SessionNow {
  readonly status: BookingStatusValue;
  readonly startsAt: Date;
}

/**
 * Checked when sending: a reminder goes out only if the session is still confirmed, still starts
 * at the instant it was queued for, and its moment has not been overtaken (worker down, retries).
 */
export function reminderSkipReason(p: EmailJobPayload, current: SessionNow | null, now: Date): SkipReason | null {
  const kind = p.details.reminder;
  if (!p.booking || !kind) return 'not_confirmed';
  if (!current) return 'not_confirmed';
  if (current.status === 'cancelled') return 'cancelled';
  if (current.status !== 'confirmed') return 'not_confirmed';
  const queuedFor = new Date(p.booking.startsAt);
  if (current.startsAt.getTime() !== queuedFor.getTime()) return 'rescheduled';
  if (now.getTime() >= reminderValidUntil(queuedFor, kind).getTime()) return 'too_late';
  return null;
}
