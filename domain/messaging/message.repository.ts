import type { Id } from '../shared/ids';
import type { Result } from '../shared/result';
import type { Message } from './message';

/** Port: messages (re-validated with `parseMessage`). */
export interface MessageRepository {
  add(message: Message): Promise<Result<void>>;
  /** Every message of one booking, oldest first. */
  listByBooking(bookingId: Id): Promise<Message[]>;
  /** Messages the user sent or received, newest first (the Messages page). */
  listForUser(userId: Id, limit?: number): Promise<Message[]>;
  /** Every message, newest first (admins; SPEC §9 limits the admin page to 200 bookings). */
  listAll(limit?: number): Promise<Message[]>;
  /** Sets is_read and read_at on the given messages. */
  markRead(messageIds: readonly Id[], readAt: Date): Promise<void>;
}
