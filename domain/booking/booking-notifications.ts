import type { Id } from '../shared/ids';
import type { OutboxPort } from '../shared/outbox';

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
  | 'session_started'
  | 'completed'
  | 'dispute_opened'
  | 'dispute_resolved'
  | 'payment_received'
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
