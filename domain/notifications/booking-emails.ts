import type { Booking, CancelledBy } from '../booking/booking';
import type { BookingEvent } from '../booking/booking-notifications';
import { cancellationSettlement, settlementOfCancelled } from '../booking/money/cancellation-policy';
import { isHeldByPlatform } from '../booking/money/payment-status';
import { hasReachedCoach } from '../booking/paid-requests';
import type { Id } from '../shared/ids';
import type { OutboxJob, OutboxPort } from '../shared/outbox';
import { sessionReminderJobs } from './session-reminders';
import { emailJob, type BookingFacts, type EmailDetails, type EmailRecipient, type NotificationEvent } from './email-job';

/**
 * Which emails a booking change sends, to whom, with what facts (issue 10):
 * request → coach (once its payment is authorised: decision 011); accepted → client (and the coach's calendar copy); declined with the reason →
 * client; cancelled with the reason and the refund → both; reschedule proposed, accepted,
 * declined → the other party (an accepted reschedule of a confirmed session also updates the
 * acceptor's calendar); completed with a review link → both; dispute opened or resolved → both
 * and the administrators. Other booking events send nothing.
 */
export interface BookingEmailInput {
  readonly event: BookingEvent;
  /** The booking as saved by the change. */
  readonly booking: Booking;
  /** The booking before the change, where the use case has it (tells a confirmed cancellation). */
  readonly previous?: Booking | null;
  readonly actorId: Id | null;
}

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
const party = (b: Booking, userId: Id | null): EmailRecipient | null =>
  userId === b.clientId ? client(b) : userId === b.coachId ? coach(b) : null;
const otherThan = (b: Booking, userId: Id | null): EmailRecipient | null =>
  userId === b.clientId ? coach(b) : userId === b.coachId ? client(b) : null;
const roleOf = (b: Booking, userId: Id | null): CancelledBy => (userId === b.clientId ? 'client' : userId === b.coachId ? 'coach' : userId ? 'admin' : 'system');

/** The money side of a cancellation, from what the booking records and the cancellation policy. */
export function cancellationMoney(b: Booking, previous?: Booking | null): Pick<EmailDetails, 'paidPence' | 'heldOnly' | 'refundPence' | 'keptPence'> {
  const settlement =
    previous && b.cancelledBy && b.cancelledAt
      ? cancellationSettlement(b, previous.status === 'pending' ? 'pending' : 'confirmed', b.cancelledBy, b.cancelledAt)
      : settlementOfCancelled(b);
  const heldOnly = b.paymentStatus === 'authorized';
  const paid = heldOnly ? b.amountAuthorizedPence : isHeldByPlatform(b.paymentStatus) ? b.amountCapturedPence - b.amountRefundedPence : 0;
  const refund = Math.min(settlement?.refundPence ?? 0, paid);
  return { paidPence: paid, heldOnly, refundPence: refund, keptPence: paid - refund };
}

interface Plan {
  readonly event: NotificationEvent;
  readonly to: readonly (EmailRecipient | null)[];
  readonly details: EmailDetails;
}

function planFor(input: BookingEmailInput): Plan | null {
  const { booking: b, previous, actorId } = input;
  switch (input.event) {
    case 'requested':
      return { event: 'booking_requested', to: [coach(b)], details: {} };
    case 'accepted':
      return { event: 'booking_accepted', to: [client(b), coach(b)], details: { calendar: 'request', paidPence: b.amountAuthorizedPence } };
    case 'declined':
      return {
        event: 'booking_declined',
        to: [client(b)],
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

const recipientKey = (r: EmailRecipient): string => (r.kind === 'admins' ? 'admins' : r.userId);

/** The email jobs for one booking change (pure: the use case enqueues them in its transaction). */
export function bookingEmailJobs(input: BookingEmailInput, now: Date): OutboxJob[] {
  const plan = planFor(input);
  if (!plan) return [];
  const facts = bookingFacts(input.booking);
  return plan.to
    .filter((r): r is EmailRecipient => r !== null)
    .map((recipient) =>
      emailJob(
        { event: plan.event, recipient, booking: facts, details: plan.details, occurredAt: now.toISOString() },
        `${plan.event}:${facts.id}:v${facts.version}:${recipientKey(recipient)}`,
      ),
    );
}

/** One line in a booking use case: queues the emails of this change in the same transaction. */
export async function notifyByEmail(outbox: OutboxPort, input: BookingEmailInput, now: Date): Promise<void> {
  for (const job of bookingEmailJobs(input, now)) await outbox.enqueue(job);
  for (const job of reminderJobsFor(input, now)) await outbox.enqueue(job);
}

/** A session confirmed or moved to a new time: its reminders still ahead (decision 013). */
export function reminderJobsFor(input: BookingEmailInput, now: Date): OutboxJob[] {
  if (input.event !== 'accepted' && input.event !== 'reschedule_accepted') return [];
  return sessionReminderJobs(bookingFacts(input.booking), now);
}
