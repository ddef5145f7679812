import { parseMessage, type Message } from '../../../domain/messaging/message';
import { DomainFailure } from '../../../domain/shared/errors';

/** A messages row as SQL returns it; the repository and the Conversation read model both read them. */
export interface MessageRow {
  id: string;
  booking_id: string;
  sender_id: string;
  receiver_id: string;
  content: string;
  is_read: boolean;
  read_at: Date | string | null;
  created_at: Date | string;
  /** Selected by the Conversation read model: the message was written in an enquiry (decision 052). */
  from_enquiry?: boolean;
}

/** Re-validates a row; a row that does not parse is a corrupted store, not a user error. */
export function messageFromRow(row: MessageRow): Message {
  const parsed = parseMessage({
    id: row.id,
    bookingId: row.booking_id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    content: row.content,
    isRead: row.is_read,
    readAt: row.read_at,
    createdAt: row.created_at,
    ...(row.from_enquiry ? { fromEnquiry: true } : {}),
  });
  if (!parsed.ok) throw new DomainFailure(parsed.error);
  return parsed.value;
}
