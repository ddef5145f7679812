import type { Booking, CancelledBy } from '../booking/lifecycle/booking';
import { paidWithSeriesCard } from '../booking/requests/card-series';
import type { BookingEmailInput, BookingEmails } from '../booking/lifecycle/booking-notifications';
import { cancellationMoney } from '../booking/money/cancellation-money';
import { hasReachedCoach } from '../booking/requests/paid-requests';
import { responseDeadline } from '../booking/requests/response-deadline';
import { expiredUnanswered } from '../booking/lifecycle/booking-decisions';
import type { Id } from '../shared/ids';
import type { OutboxJob, OutboxPort } from '../shared/outbox';
import { sessionReminderJobs } from './session-reminders';
import { emailJob, type BookingFacts, type EmailDetails, type EmailRecipient, type NotificationEvent } from './email-job';

/**
 * Which emails a booking change sends, to whom, with what facts (decision 007):
 * request → coach (once its payment is authorised: decision 011), with the deadline to answer it (decision 050); accepted → client (and the coach's calendar copy); declined with the reason →
 * client (and the coach, when the request expired unanswered); cancelled with the reason and the refund → both; reschedule proposed, accepted,
 * declined → the other party (an accepted reschedule of a confirmed session also updates the
 * acceptor's calendar); completed with a review link → both; dispute opened or resolved → both
 * and the administrators; a payment held on the card (authorised) and the same payment taken
 * (captured) → the client's receipt. Other booking events send nothing.
 */
export function bookingFacts(b: Booking): BookingFacts {
  return {
    id: b.id,
    referenceCode: b.referenceCode,
    serviceType: b.serviceType,
    startsAt: b.startsAt.toISOString(),
    durationMinutes: b.durationMinutes,
    locationType: b.locationType,
    locationAddress: b.locationAddress,
    clientId: b.clientId,
    coachId: b.coachId,
    status: b.status,
    version: b.version,
  };
}

const client = (b: Booking): EmailRecipient => ({ kind: 'user', userId: b.clientId, role: 'client' });
const coach = (b: Booking): EmailRecipient => ({ kind: 'user', userId: b.coachId, role: 'coach' });
const admins: EmailRecipient = { kind: 'admins' };
const party = (b: Booking, userId: Id | null): EmailRecipient | null => (userId === b.clientId ? client(b) : userId === b.coachId ? coach(b) : null);
const otherThan = (b: Booking, userId: Id | null): EmailRecipient | null => (userId === b.clientId ? coach(b) : userId === b.coachId ? client(b) : null);
const roleOf = (b: Booking, userId: Id | null): CancelledBy => (userId === b.clientId ? 'client' : userId === b.coachId ? 'coach' : userId ? 'admin' : 'system');

interface Plan {
  readonly event: NotificationEvent;
  readonly to: readonly (EmailRecipient | null)[];
  readonly details: EmailDetails;
}

function planFor(input: BookingEmailInput): Plan | null {
  const { booking: b, previous, actorId } = input;
  switch (input.event) {
    case 'requested':
      return { event: 'booking_requested', to: [coach(b)], details: { respondBy: responseDeadline(b).toISOString(), ...seriesDetails(input.series) } };
    case 'accepted':
      return { event: 'booking_accepted', to: [client(b), coach(b)], details: { calendar: 'request', paidPence: b.amountAuthorizedPence } };
    case 'declined':
      return {
        event: 'booking_declined',
        // A request that expired unanswered is news to the coach too (decision 050).
        to: [client(b), expiredUnanswered(b) ? coach(b) : null],
        details: { reason: b.cancellationReason, actorRole: b.cancelledBy, ...cancellationMoney(b, previous) },
      };
    case 'cancelled': {
      const wasConfirmed = previous ? previous.status === 'confirmed' : b.amountCapturedPence > 0;
      return {
        event: 'booking_cancelled',
        // A request cancelled before it was ever paid never reached the coach (decision 011).
        to: [client(b), hasReachedCoach(b) ? coach(b) : null],
        details: { reason: b.cancellationReason, actorRole: b.cancelledBy, calendar: wasConfirmed ? 'cancel' : null, ...cancellationMoney(b, previous) },
      };
    }
    case 'reschedule_proposed':
      return {
        event: 'reschedule_proposed',
        to: [otherThan(b, b.rescheduleRequestedBy)],
        details: { proposedStartsAt: b.rescheduleProposedStartsAt?.toISOString() ?? null, reason: b.rescheduleReason, actorRole: roleOf(b, b.rescheduleRequestedBy) },
      };
    case 'reschedule_accepted': {
      const confirmed = b.status === 'confirmed';
      return {
        event: 'reschedule_accepted',
        to: [party(b, b.rescheduleRequestedBy), confirmed ? otherThan(b, b.rescheduleRequestedBy) : null],
        details: { calendar: confirmed ? 'request' : null, actorRole: roleOf(b, actorId) },
      };
    }
    case 'reschedule_declined':
      return {
        event: 'reschedule_declined',
        to: [party(b, b.rescheduleRequestedBy)],
        details: { proposedStartsAt: b.rescheduleProposedStartsAt?.toISOString() ?? null, actorRole: roleOf(b, actorId) },
      };
    case 'reschedule_withdrawn':
      return {
        event: 'reschedule_withdrawn',
        to: [otherThan(b, b.rescheduleRequestedBy)],
        details: { proposedStartsAt: b.rescheduleProposedStartsAt?.toISOString() ?? null, actorRole: roleOf(b, actorId) },
      };
    case 'payment_received':
    case 'payment_captured': {
      const heldOnly = input.event === 'payment_received';
      return {
        event: 'payment_receipt',
        to: [client(b)],
        details: { paidPence: heldOnly ? b.amountAuthorizedPence : b.amountCapturedPence, heldOnly, servicePricePence: b.servicePricePence, adminFeePence: b.adminFeePence },
      };
    }
    case 'completed':
      return { event: 'session_completed', to: [client(b), coach(b)], details: {} };
    case 'dispute_opened':
      return { event: 'dispute_opened', to: [client(b), coach(b), admins], details: { reason: b.disputeReason, actorRole: roleOf(b, b.disputeOpenedBy) } };
    case 'dispute_resolved':
      return {
        event: 'dispute_resolved',
        to: [client(b), coach(b), admins],
        details: { disputeOutcome: b.disputeOutcome, refundPence: b.disputeRefundPence ?? 0, note: b.disputeResolutionNote },
      };
    default:
      return null;
  }
}

/** The sessions of a series asked for together, soonest first, as the emails list them. */
const seriesList = (sessions: readonly Booking[]) =>
  [...sessions].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).map((s) => ({ referenceCode: s.referenceCode, startsAt: s.startsAt.toISOString() }));
const seriesDetails = (sessions: readonly Booking[] | undefined): Pick<EmailDetails, 'series'> => (sessions && sessions.length > 1 ? { series: seriesList(sessions) } : {});

const recipientKey = (r: EmailRecipient): string => (r.kind === 'admins' ? 'admins' : r.userId);

/** The email jobs for one booking change (pure: the use case enqueues them in its transaction). */
export function bookingEmailJobs(input: BookingEmailInput, now: Date): OutboxJob[] {
  const plan = planFor(input);
  if (!plan) return [];
  const facts = bookingFacts(input.booking);
  return plan.to
    .filter((r): r is EmailRecipient => r !== null)
    .map((recipient) =>
      emailJob({ event: plan.event, recipient, booking: facts, details: plan.details, occurredAt: now.toISOString() }, `${plan.event}:${facts.id}:v${facts.version}:${recipientKey(recipient)}`),
    );
}

/** Queues the emails of one booking change in the caller's transaction. */
export async function notifyByEmail(outbox: OutboxPort, input: BookingEmailInput, now: Date): Promise<void> {
  for (const job of bookingEmailJobs(input, now)) await outbox.enqueue(job);
  for (const job of reminderJobsFor(input, now)) await outbox.enqueue(job);
}

/** The booking context's BookingEmails port (tx.bookingEmails), as the adapters and the test doubles wire it. */
export const bookingEmails: BookingEmails = {
  queue: notifyByEmail,
  async queueSeries(outbox, { decision, sessions, reason }, at) {
    const first = sessions[0];
    if (!first?.seriesId) return;
    const event = decision === 'accepted' ? 'series_accepted' : 'series_declined';
    const series = seriesList(sessions);
    const paidByCard = paidWithSeriesCard(first);
    const details: EmailDetails = decision === 'declined' && reason ? { series, reason, paidByCard } : { series, paidByCard };
    await outbox.enqueue(emailJob({ event, recipient: client(first), booking: bookingFacts(first), details, occurredAt: at.toISOString() }, `${event}:${first.seriesId}`));
  },
};

/** A session confirmed or moved to a new time: its reminders still ahead (decision 013). */
export function reminderJobsFor(input: BookingEmailInput, now: Date): OutboxJob[] {
  if (input.event !== 'accepted' && input.event !== 'reschedule_accepted') return [];
  return sessionReminderJobs(bookingFacts(input.booking), now);
}
