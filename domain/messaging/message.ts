import * as z from 'zod';
import type { Actor } from '../policy/actor';
import { conflict, invalid, notFound } from '../shared/errors';
import { isId, type Id } from '../shared/ids';
import { err, ok, type Result } from '../shared/result';
import { sanitiseText } from '../shared/sanitise';
import type { BookingParties } from '../policy/booking-parties';
import { canMessageOnBooking, canSeeMessage, otherPartyId } from '../policy/permissions';
import { MAX_MESSAGE_LENGTH, messageContentSchema } from './message.schemas';

/** SPEC §3/§4: one message in the conversation of a booking. */
export interface Message {
  readonly id: Id;
  readonly bookingId: Id;
  readonly senderId: Id;
  readonly receiverId: Id;
  readonly content: string;
  readonly isRead: boolean;
  readonly readAt: Date | null;
  readonly createdAt: Date;
  /** Written in the enquiry that joined this booking (decision 052); absent: in the booking. */
  readonly fromEnquiry?: boolean;
}

export const messagingErrors = {
  /** SPEC §2: a missing booking (or one the viewer may not see) is 'Conversation not found.' */
  conversationNotFound: () => notFound('CONVERSATION_NOT_FOUND', 'Conversation not found.'),
  receiverRequired: () => invalid('RECEIVER_REQUIRED', 'Please choose who to message.'),
  invalidReceiver: () => invalid('INVALID_RECEIVER', 'You can only message the other party of this booking.'),
  invalidRecord: (detail: string) => invalid('INVALID_RECORD', `Stored message is invalid: ${detail}`),
  /** Decision 011: the coach has not been shown the request yet. */
  notSentYet: () => conflict('REQUEST_NOT_PAID', 'You can message the coach once your request is paid.'),
} as const;

/**
 * Who a message goes to. A party writes to the other party. An admin writes to the party they
 * chose ('Message Client: …' / 'Message Coach: …'). Anyone else does not see the conversation.
 */
export function resolveReceiver(booking: BookingParties, actor: Actor, chosenReceiverId?: Id | null): Result<Id> {
  if (!canMessageOnBooking(actor, booking)) return err(messagingErrors.conversationNotFound());
  const other = otherPartyId(booking, actor.userId);
  if (other !== null) {
    if (chosenReceiverId && chosenReceiverId !== other) return err(messagingErrors.invalidReceiver());
    return ok(other);
  }
  // An admin who is not a party.
  if (!chosenReceiverId) return err(messagingErrors.receiverRequired());
  if (chosenReceiverId !== booking.clientId && chosenReceiverId !== booking.coachId) return err(messagingErrors.invalidReceiver());
  return ok(chosenReceiverId);
}

/** SPEC §4: a message is created unread; its content is validated and sanitised (1–5000 after trimming). */
export function sendMessage(input: { id: Id; booking: BookingParties; actor: Actor; receiverId?: Id | null; content: unknown }, now: Date): Result<Message> {
  const receiver = resolveReceiver(input.booking, input.actor, input.receiverId);
  if (!receiver.ok) return receiver;
  // A request the coach has not been shown (never paid) has no conversation with them yet.
  if (input.booking.reachedCoach === false && receiver.value === input.booking.coachId) {
    return err(input.actor.userId === input.booking.coachId ? messagingErrors.conversationNotFound() : messagingErrors.notSentYet());
  }
  const content = messageContentSchema.safeParse(input.content);
  if (!content.success) {
    const message = content.error.issues[0]?.message ?? 'Invalid message content';
    return err(invalid('VALIDATION_FAILED', message, { content: [message] }));
  }
  return ok({
    id: input.id,
    bookingId: input.booking.id,
    senderId: input.actor.userId,
    receiverId: receiver.value,
    content: content.data,
    isRead: false,
    readAt: null,
    createdAt: now,
  });
}

/**
 * SPEC §4: opening a conversation marks the messages addressed to the viewer that are unread as
 * read. Returns every message with the change applied and, separately, the ones that changed.
 */
export function markConversationRead(messages: readonly Message[], viewerId: Id, now: Date): { messages: Message[]; newlyRead: Message[] } {
  const newlyRead: Message[] = [];
  const all = messages.map((m) => {
    if (m.receiverId !== viewerId || m.isRead) return m;
    const read = { ...m, isRead: true, readAt: now };
    newlyRead.push(read);
    return read;
  });
  return { messages: all, newlyRead };
}

/** The messages of a conversation the viewer may see, oldest first (SPEC §7: ordered by created date). */
export function visibleMessages(messages: readonly Message[], viewer: Actor): Message[] {
  return messages.filter((m) => canSeeMessage(viewer, m)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

export interface ConversationSummary {
  readonly bookingId: Id;
  readonly lastMessage: Message;
  readonly unreadCount: number;
  readonly messageCount: number;
}

/**
 * SPEC §2 Messages page: one conversation per booking, with its last message, newest first.
 * Only the viewer's own messages count unless they are an admin.
 */
export function summariseConversations(messages: readonly Message[], viewer: Actor): ConversationSummary[] {
  const byBooking = new Map<Id, { last: Message; unread: number; count: number }>();
  for (const m of messages) {
    if (!canSeeMessage(viewer, m)) continue;
    const entry = byBooking.get(m.bookingId);
    const unread = m.receiverId === viewer.userId && !m.isRead ? 1 : 0;
    if (!entry) byBooking.set(m.bookingId, { last: m, unread, count: 1 });
    else {
      entry.count += 1;
      entry.unread += unread;
      if (m.createdAt.getTime() >= entry.last.createdAt.getTime()) entry.last = m;
    }
  }
  return [...byBooking.entries()]
    .map(([bookingId, e]) => ({ bookingId, lastMessage: e.last, unreadCount: e.unread, messageCount: e.count }))
    .sort((a, b) => b.lastMessage.createdAt.getTime() - a.lastMessage.createdAt.getTime());
}

/** A stored message as the schema states it. */
export const messageRowSchema = z.object({
  id: z.string().refine(isId, 'id'),
  bookingId: z.string().refine(isId, 'bookingId'),
  senderId: z.string().refine(isId, 'senderId'),
  receiverId: z.string().refine(isId, 'receiverId'),
  content: z.string().max(MAX_MESSAGE_LENGTH).transform(sanitiseText),
  isRead: z.boolean(),
  readAt: z.preprocess((v) => (v === undefined ? null : v), z.union([z.null(), z.coerce.date()])),
  createdAt: z.coerce.date(),
  fromEnquiry: z.boolean().optional(),
});

/** Re-validates a stored message. */
export function parseMessage(row: unknown): Result<Message> {
  const parsed = messageRowSchema.safeParse(row);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return err(messagingErrors.invalidRecord(`${first?.path.join('.') ?? ''} ${first?.message ?? ''}`.trim()));
  }
  return ok(parsed.data);
}
