import type { Actor } from '../../domain/policy/actor';
import { personName } from '../../domain/messaging/conversation-reader';
import type { EnquiryListItem } from '../../domain/messaging/enquiry-reader';
import type { EnquiryView } from '../../domain/messaging/use-cases/view-enquiry';
import type { ConversationRowView, EnquiryPageView, PersonView } from './view-types';

const firstName = (name: string) => name.split(/\s+/)[0] ?? name;

function peopleOf(item: Pick<EnquiryListItem, 'client' | 'coach'>): { client: PersonView; coach: PersonView } {
  return {
    client: { id: item.client.id, name: personName(item.client), role: 'Client' },
    coach: { id: item.coach.id, name: personName(item.coach), role: 'Coach' },
  };
}

/** An enquiry as a row of the Messages list: the other person's name and 'Enquiry'. */
export function enquiryRowView(item: EnquiryListItem, actor: Actor): ConversationRowView {
  const { client, coach } = peopleOf(item);
  const other = actor.userId === item.clientId ? coach : actor.userId === item.coachId ? client : null;
  const last = item.lastMessage;
  let author: string | null = null;
  if (last) {
    if (last.senderId === actor.userId) author = 'You';
    else if (other === null) author = firstName(last.senderId === client.id ? client.name : coach.name);
  }
  return {
    bookingId: item.id,
    enquiry: true,
    title: other ? other.name : `${client.name} & ${coach.name}`,
    serviceLabel: 'Enquiry',
    reference: '',
    preview: last ? last.content.replace(/\s+/g, ' ').trim() : null,
    previewAuthor: author,
    at: item.lastActivityAt.toISOString(),
    unread: item.unreadCount,
  };
}

/** The Conversation page of an open enquiry: names only, never contact details. */
export function enquiryPageView(view: Extract<EnquiryView, { kind: 'open' }>, actor: Actor): EnquiryPageView {
  const { client, coach } = peopleOf(view.enquiry);
  const other = view.asAdmin ? null : actor.userId === view.enquiry.clientId ? coach : client;
  return {
    me: actor.userId,
    id: view.enquiry.id,
    asAdmin: view.asAdmin,
    client,
    coach,
    other,
    messages: view.messages.map((m) => ({ id: m.id, senderId: m.senderId, receiverId: m.receiverId, content: m.content, at: m.createdAt.toISOString(), isRead: m.isRead })),
    canReport: view.canReport,
    // Only the coach reports: the client is never told that they were reported.
    reported: (view.asAdmin || actor.userId === view.enquiry.coachId) && view.enquiry.reported,
  };
}
