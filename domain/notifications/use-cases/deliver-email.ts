import { bookingPlayerView } from '../../accounts/players/booking-player';
import type { Clock } from '../../shared/clock';
import type { Id } from '../../shared/ids';
import type { Mail, Mailer } from '../../shared/mailer';
import { ok, type Result } from '../../shared/result';
import type { CalendarRenderer } from '../calendar-invite';
import { composeEmail, mentionedUserIds, messageIdFor } from '../compose-email';
import type { ComposeContext } from '../email-context';
import { emailJob, emailKindOf, parseEmailJobPayload, type EmailJobPayload } from '../email-job';
import { wantsEmail } from '../../accounts/users/email-preferences';
import type { DeliveryRecord, EmailRecipientInfo, NotificationStore, SkipReason } from '../notification-ports';
import { reminderSkipReason } from '../session-reminders';

export interface DeliverEmailDeps {
  readonly notifications: NotificationStore;
  readonly mailer: Mailer;
  readonly calendar: CalendarRenderer;
  /** The public origin for links (APP_URL). */
  readonly appUrl: string;
  /** Session reminders check that their moment has not gone by (decision 013). */
  readonly clock: Clock;
}

export interface EmailJobInput {
  readonly id: Id;
  readonly payload: unknown;
  /** This attempt's number and the last one: the last failure is recorded for the operator. */
  readonly attempts: number;
  readonly maxAttempts: number;
}

export type DeliveryOutcome =
  | { readonly outcome: 'sent'; readonly messageId: string }
  | { readonly outcome: 'skipped'; readonly reason: SkipReason }
  | { readonly outcome: 'fanned_out'; readonly jobs: number }
  | { readonly outcome: 'already_done' };

const record = (jobId: Id, p: EmailJobPayload, userId: Id | null, rest: Partial<DeliveryRecord>): DeliveryRecord => ({
  jobId,
  event: p.event,
  userId,
  status: 'skipped',
  reason: null,
  messageId: null,
  subject: null,
  error: null,
  ...rest,
});

/** The administrators' copy becomes one job per active administrator (each sent and retried alone). */
async function fanOutToAdministrators(deps: DeliverEmailDeps, jobId: Id, p: EmailJobPayload): Promise<Result<DeliveryOutcome>> {
  const ids = await deps.notifications.activeAdministratorIds();
  const jobs = ids.map((userId) => emailJob({ ...p, recipient: { kind: 'user', userId, role: 'admin' } }, `${p.event}:${jobId}:${userId}`));
  await deps.notifications.enqueueAll(jobs);
  return ok({ outcome: 'fanned_out', jobs: jobs.length });
}

function skipReasonFor(p: EmailJobPayload, r: EmailRecipientInfo | undefined, role: 'client' | 'coach' | 'admin'): SkipReason | null {
  if (!r || r.erased || !r.email) return 'no_address';
  const kind = emailKindOf(p.event, role);
  if (!r.isActive && kind !== 'account') return 'inactive';
  return wantsEmail(r.preferences, kind) ? null : 'turned_off';
}

/**
 * The outbox worker's handler for `email.*` jobs: checks the recipient can and wants to receive
 * it, composes it, sends it through the Mailer with the job id as Message-ID, and records what
 * happened. A job already recorded as sent or skipped is not sent again (a job retried after its
 * worker died); a failed send is retried by the worker with back-off, and the last failure is
 * recorded. A malformed payload is an 'invalid' error: retrying cannot help.
 */
const PLAYER_EVENTS: ReadonlySet<string> = new Set(['booking_requested', 'booking_accepted', 'session_reminder']);

export async function deliverEmail(deps: DeliverEmailDeps, job: EmailJobInput): Promise<Result<DeliveryOutcome>> {
  const previous = await deps.notifications.findDelivery(job.id);
  if (previous && previous.status !== 'failed') return ok({ outcome: 'already_done' });
  const parsed = parseEmailJobPayload(job.payload);
  if (!parsed.ok) return parsed;
  const p = parsed.value;
  if (p.recipient.kind === 'admins') return fanOutToAdministrators(deps, job.id, p);
  if (p.event === 'session_reminder') {
    const current = p.booking ? await deps.notifications.findSessionNow(p.booking.id) : null;
    const stale = reminderSkipReason(p, current, deps.clock.now());
    if (stale) return skipped(deps, job.id, p, p.recipient.userId, stale);
  }

  const people = await deps.notifications.findRecipients([...new Set([p.recipient.userId, ...mentionedUserIds(p)])]);
  const names = Object.fromEntries(people.map((u) => [u.id, u.fullName]));
  let recipient: ComposeContext['recipient'];
  if (p.recipient.kind === 'address') {
    recipient = { name: p.recipient.name, email: p.recipient.email, role: 'user' };
  } else {
    const { userId, role } = p.recipient;
    const user = people.find((u) => u.id === userId);
    const skip = skipReasonFor(p, user, role);
    if (skip || !user?.email) return skipped(deps, job.id, p, userId, skip ?? 'no_address');
    recipient = { name: user.fullName, email: user.email, role };
  }
  if (p.details.messageIds?.length && (await deps.notifications.countUnread(p.details.messageIds)) === 0) return skipped(deps, job.id, p, p.recipient.userId, 'already_read');

  // Decision 017: the request, acceptance and reminder name the player the session is for.
  const player = p.booking && PLAYER_EVENTS.has(p.event) && deps.notifications.findPlayerOfBooking ? await deps.notifications.findPlayerOfBooking(p.booking.id) : null;
  const playerLine = player && p.booking ? (bookingPlayerView(player, new Date(p.booking.startsAt)) ?? null) : null;
  const email = composeEmail(p, { appUrl: deps.appUrl, recipient, names, playerLine: playerLine ? `${playerLine.name}, ${playerLine.age}` : null });
  const messageId = messageIdFor(job.id, deps.appUrl);
  const mail: Mail = {
    to: recipient.email,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId,
    ...(email.calendar
      ? { calendar: { method: email.calendar.method, content: deps.calendar.render(email.calendar), filename: email.calendar.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics' } }
      : {}),
  };
  const sent = await deps.mailer.send(mail);
  if (!sent.ok) {
    if (job.attempts >= job.maxAttempts)
      await deps.notifications.recordDelivery(record(job.id, p, p.recipient.userId, { status: 'failed', subject: email.subject, messageId, error: sent.error.message }));
    return sent;
  }
  await deps.notifications.recordDelivery(record(job.id, p, p.recipient.userId, { status: 'sent', subject: email.subject, messageId }));
  if (p.recipient.kind === 'address') await deps.notifications.forgetAddress(job.id);
  return ok({ outcome: 'sent', messageId });
}

async function skipped(deps: DeliverEmailDeps, jobId: Id, p: EmailJobPayload, userId: Id, reason: SkipReason): Promise<Result<DeliveryOutcome>> {
  await deps.notifications.recordDelivery(record(jobId, p, userId, { status: 'skipped', reason }));
  return ok({ outcome: 'skipped', reason });
}
