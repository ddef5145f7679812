import { isId } from '../shared/ids';
import { sanitiseText } from '../shared/sanitise';
import type { Message } from './message';
import { MAX_MESSAGE_LENGTH } from './message.schemas';

/**
 * A date as zod's `z.coerce.date()` makes it: `new Date(value)`, refused when invalid or when the
 * value cannot be converted at all (a symbol, a BigInt).
 */
function coercedDate(value: unknown): Date | null {
  try {
    const date = new Date(value as string);
    return Number.isNaN(date.getTime()) ? null : date;
  } catch {
    return null;
  }
}

/**
 * The checks of the stored-message schema (message.ts `parseMessage`) written out by hand, for the
 * Conversation page, which re-validates up to a hundred stored messages per view. zod's parse was
 * ~4 % of that page's CPU (issue 20 §2): its parse functions serve every schema in the process, so
 * V8 cannot specialise them. It accepts exactly what the schema accepts and gives the same message,
 * a property test holds the two together (message-check.test.ts), and a row it refuses goes
 * through the schema for zod's words.
 */
export function checkedMessage(data: unknown): Message | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const row = data as Record<string, unknown>;
  const { id, bookingId, senderId, receiverId, content, isRead, readAt } = row;
  if (!isId(id) || !isId(bookingId) || !isId(senderId) || !isId(receiverId)) return null;
  if (typeof content !== 'string' || content.length > MAX_MESSAGE_LENGTH) return null;
  if (typeof isRead !== 'boolean') return null;
  let read: Date | null = null;
  if (readAt !== undefined && readAt !== null) {
    read = coercedDate(readAt);
    if (read === null) return null;
  }
  const createdAt = coercedDate(row.createdAt);
  if (createdAt === null) return null;
  return { id, bookingId, senderId, receiverId, content: sanitiseText(content), isRead, readAt: read, createdAt };
}
