import type { Id } from '../shared/ids';
import type { ConversationPerson, ConversationPreview, ConversationViewer } from './conversation-reader';
import type { EnquiryMessage } from './enquiry';

/**
 * Read model of enquiries for the Messages, Conversation and AdminDashboard pages. The adapter
 * filters in SQL (its two people; administrators see every enquiry); the use cases check the
 * same rule again with `canSeeEnquiry`.
 */
export interface EnquiryListItem {
  readonly id: Id;
  readonly clientId: Id;
  readonly coachId: Id;
  readonly client: ConversationPerson;
  readonly coach: ConversationPerson;
  readonly lastMessage: ConversationPreview | null;
  readonly lastActivityAt: Date;
  readonly unreadCount: number;
}

export interface EnquiryConversation {
  readonly id: Id;
  readonly clientId: Id;
  readonly coachId: Id;
  readonly client: ConversationPerson;
  readonly coach: ConversationPerson;
  /** The booking it joined, or null while it is its own conversation. */
  readonly bookingId: Id | null;
  /** Whether the coach has reported it to FACT. */
  readonly reported: boolean;
}

export interface EnquiryReportItem {
  readonly id: Id;
  readonly enquiryId: Id;
  readonly client: ConversationPerson;
  readonly coach: ConversationPerson;
  readonly reason: string;
  readonly createdAt: Date;
}

export interface EnquiryReader {
  /** The open enquiries the viewer may see, newest activity first. */
  listOpen(viewer: ConversationViewer, limit: number): Promise<EnquiryListItem[]>;
  /** An enquiry the viewer may see (open or joined), or null. */
  find(viewer: ConversationViewer, enquiryId: Id): Promise<EnquiryConversation | null>;
  /** The newest `limit` messages of the enquiry the viewer may see, oldest first. */
  listMessages(viewer: ConversationViewer, enquiryId: Id, limit: number): Promise<EnquiryMessage[]>;
  /** Reports to FACT, newest first (administrators). */
  listReports(limit: number): Promise<EnquiryReportItem[]>;
}
