import type { Id } from '../../shared/ids';
import type { OutboxPort } from '../../shared/outbox';
import type { Booking } from './booking';

/**
 * Jobs telling the other side what happened to a booking (e-mails in production). Enqueued in
 * the same transaction as the change; the messaging side decides what to send.
 */
export const BOOKING_NOTIFICATION_JOB = 'booking.notification';

export type BookingEvent =
  | 'requested'
  | 'accepted'
  | 'declined'
  | 'cancelled'
  | 'reschedule_proposed'
  | 'reschedule_accepted'
  | 'reschedule_declined'
  | 'reschedule_withdrawn'
  | 'session_started'
  | 'completed'
  | 'dispute_opened'
  | 'dispute_resolved'
  | 'payment_received'
  /** The hold on the client's card was taken (the coach accepted): the client's receipt. */
  | 'payment_captured'
  | 'payment_failed';

export interface BookingNotification {
  readonly bookingId: Id;
  readonly event: BookingEvent;
  /** Who caused it (null for the system). */
  readonly actorId: Id | null;
}

export function notifyBooking(outbox: OutboxPort, notification: BookingNotification, at: Date): Promise<void> {
  return outbox.enqueue({
    type: BOOKING_NOTIFICATION_JOB,
    payload: { ...notification },
    dedupeKey: `${notification.bookingId}:${notification.event}:${at.getTime()}`,
  });
}

/**
 * Which emails a booking change sends, to whom, with what facts is decided by notifications/
 * (booking-emails.ts); this is what a booking use case tells it.
 */
export interface BookingEmailInput {
  readonly event: BookingEvent;
  /** The booking as saved by the change. */
  readonly booking: Booking;
  /** The booking before the change, where the use case has it (tells a confirmed cancellation). */
  readonly previous?: Booking | null;
  readonly actorId: Id | null;
  /** A weekly series asked for together: every session, for the coach's one 'new request' email (decision 062). */
  readonly series?: readonly Booking[];
}

/**
 * Port (tx.bookingEmails): queues the emails of a booking change in the caller's transaction.
 * notifications/ implements it, so the booking depends on no context above it.
 */
export interface BookingEmails {
  queue(outbox: OutboxPort, input: BookingEmailInput, at: Date): Promise<void>;
  /** A weekly series answered in one decision (decision 062): one summary to the client, besides each session's own email. */
  queueSeries(outbox: OutboxPort, input: { decision: 'accepted' | 'declined'; sessions: readonly Booking[]; reason?: string | null }, at: Date): Promise<void>;
}
