import type { Actor } from '../policy/actor';
import type { BookingParties } from '../policy/booking-parties';
import { canSeeMessage, canViewBooking } from '../policy/permissions';
import type { Id } from '../shared/ids';
import type { Message } from './message';

/**
 * Read model of the Messages and Conversation pages (SPEC §2). The adapter enforces visibility in
 * its SQL (a party sees the bookings they are party to and the messages they sent or received;
 * an admin sees everything); the use cases check the same rules again with the domain policy.
 */
export interface ConversationViewer {
  readonly userId: Id;
  readonly isAdmin: boolean;
}

export function viewerOf(actor: Actor): ConversationViewer {
  return { userId: actor.userId, isAdmin: actor.role === 'admin' };
}

export interface ConversationPerson {
  readonly id: Id;
  /** null when the account has no name (or was erased). */
  readonly fullName: string | null;
}

/** The booking a conversation belongs to, as its header shows it. */
export interface ConversationBooking extends BookingParties {
  readonly referenceCode: string;
  readonly serviceType: string;
  readonly startsAt: Date;
  readonly client: ConversationPerson;
  readonly coach: ConversationPerson;
  /** The player the session is for (decision 017); absent or null: the client. */
  readonly player?: { firstName: string; lastName: string; dateOfBirth: string; notes: string | null } | null;
}

export interface ConversationPreview {
  readonly id: Id;
  readonly senderId: Id;
  readonly receiverId: Id;
  /** The start of the content (the list shows one line). */
  readonly content: string;
  readonly createdAt: Date;
}

export interface ConversationListItem {
  readonly booking: ConversationBooking;
  /** The newest message the viewer may see, or null before anyone wrote. */
  readonly lastMessage: ConversationPreview | null;
  /** The newest message, or the booking's creation when there is none: the list's order. */
  readonly lastActivityAt: Date;
  /** Messages addressed to the viewer and not read yet. */
  readonly unreadCount: number;
}

export interface KeysetPage<T> {
  readonly items: T[];
  /** Opaque cursor of the next (older) page, or null when there is none. */
  readonly next: string | null;
}

export interface ConversationReader {
  /** The viewer's conversations, newest activity first (admins: every booking). */
  listConversations(viewer: ConversationViewer, page: { cursor?: string | null; limit: number }): Promise<KeysetPage<ConversationListItem>>;
  /** The booking of a conversation, or null when it is missing or the viewer may not see it. */
  findConversation(viewer: ConversationViewer, bookingId: Id): Promise<ConversationBooking | null>;
  /** The newest `limit` messages the viewer may see (before `cursor`), returned oldest first; `next` pages to older ones. */
  listMessages(viewer: ConversationViewer, bookingId: Id, page: { cursor?: string | null; limit: number }): Promise<KeysetPage<Message>>;
  /** Every unread message of the booking addressed to `receiverId`, oldest first. */
  listUnreadFor(bookingId: Id, receiverId: Id): Promise<Message[]>;
  /** How many messages addressed to the user are unread, over all their conversations. */
  countUnread(viewer: ConversationViewer): Promise<number>;
}

/** SPEC §2 footer wording: a person without a name is 'User'. */
export function personName(person: ConversationPerson): string {
  return person.fullName?.trim() || 'User';
}

/** The other party of a booking from a party's point of view; null for an admin who is not a party. */
export function otherParty(booking: ConversationBooking, viewerId: Id): ConversationPerson | null {
  if (viewerId === booking.clientId) return booking.coach;
  if (viewerId === booking.coachId) return booking.client;
  return null;
}

/** The same rules as the SQL, applied again: drop what the viewer may not see. */
export function visibleListItems(items: readonly ConversationListItem[], actor: Actor): ConversationListItem[] {
  return items.filter((item) => canViewBooking(actor, item.booking)).map((item) => (item.lastMessage && !canSeeMessage(actor, item.lastMessage) ? { ...item, lastMessage: null } : item));
}
