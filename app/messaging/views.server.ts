import { bookingPlayerView } from '../../domain/accounts/players/booking-player';
import type { Actor } from '../../domain/policy/actor';
import { otherParty, personName, type ConversationBooking, type ConversationListItem } from '../../domain/messaging/conversation-reader';
import type { Message } from '../../domain/messaging/message';
import type { ConversationView } from '../../domain/messaging/use-cases/view-conversation';
import type { DomainError } from '../../domain/shared/errors';
import { coachingTypeLabel } from '../../domain/shared/catalogue';
import { MESSAGE_MESSAGES } from '../../domain/messaging/message.schemas';
import type { ConversationPageView, ConversationRowView, MessageView, PersonView } from './view-types';

export type { ConversationPageView, ConversationRowView, MessageView, PersonView };

const firstName = (name: string) => name.split(/\s+/)[0] ?? name;

function people(booking: ConversationBooking): { client: PersonView; coach: PersonView } {
  return {
    client: { id: booking.client.id, name: personName(booking.client), role: 'Client' },
    coach: { id: booking.coach.id, name: personName(booking.coach), role: 'Coach' },
  };
}

export function conversationRowView(item: ConversationListItem, actor: Actor): ConversationRowView {
  const { booking, lastMessage } = item;
  const { client, coach } = people(booking);
  const other = otherParty(booking, actor.userId);
  let author: string | null = null;
  if (lastMessage) {
    if (lastMessage.senderId === actor.userId) author = 'You';
    else if (other === null) author = firstName(lastMessage.senderId === client.id ? client.name : lastMessage.senderId === coach.id ? coach.name : 'Admin');
    else if (lastMessage.senderId !== other.id) author = 'Admin';
  }
  return {
    bookingId: booking.id,
    title: other ? personName(other) : `${client.name} & ${coach.name}`,
    serviceLabel: coachingTypeLabel(booking.serviceType),
    reference: booking.referenceCode,
    preview: lastMessage ? lastMessage.content.replace(/\s+/g, ' ').trim() : null,
    previewAuthor: author,
    at: item.lastActivityAt.toISOString(),
    unread: item.unreadCount,
  };
}

export function messageView(message: Message): MessageView {
  return {
    id: message.id,
    senderId: message.senderId,
    receiverId: message.receiverId,
    content: message.content,
    at: message.createdAt.toISOString(),
    isRead: message.isRead,
    ...(message.fromEnquiry ? { fromEnquiry: true } : {}),
  };
}

export function conversationPageView(view: ConversationView, actor: Actor): ConversationPageView {
  const { booking } = view;
  const { client, coach } = people(booking);
  const other = view.asAdmin ? null : actor.userId === booking.clientId ? coach : client;
  return {
    me: actor.userId,
    asAdmin: view.asAdmin,
    booking: {
      id: booking.id,
      reference: booking.referenceCode,
      serviceLabel: coachingTypeLabel(booking.serviceType),
      startsAt: booking.startsAt.toISOString(),
      status: booking.status,
      client,
      coach,
      player: bookingPlayerView(booking.player ?? null, booking.startsAt),
    },
    other,
    recipients: view.asAdmin ? [client, coach] : other ? [other] : [],
    messages: view.messages.map(messageView),
    older: view.older,
  };
}

/** The words under the composer for a failed send (SPEC §8: the generic failure is inline). */
export const SEND_FAILED: string = MESSAGE_MESSAGES.sendFailed;

export function sendFailureText(error: DomainError): string {
  if (error.kind === 'invalid' || error.kind === 'rate_limited') return error.message;
  return SEND_FAILED;
}

const STATUS: Record<DomainError['kind'], number> = {
  invalid: 422,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};
export const httpStatusOf = (error: DomainError): number => STATUS[error.kind];
