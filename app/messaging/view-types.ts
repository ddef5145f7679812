import type { BookingPlayerView } from '../../domain/accounts/players/booking-player';
/** What the Messages and Conversation pages receive: plain JSON, already worded for people. */
export interface ConversationRowView {
  /** The conversation's id: the booking's, or the enquiry's when `enquiry` is set. */
  bookingId: string;
  /** An enquiry before any booking (decision 052): labelled 'Enquiry', opened by `?enquiry_id=`. */
  enquiry?: boolean;
  /** The other party's name; for an admin, both parties. */
  title: string;
  serviceLabel: string;
  reference: string;
  preview: string | null;
  /** 'You', a first name, or null (the other party wrote it). */
  previewAuthor: string | null;
  at: string;
  unread: number;
}

/** The Conversation page of an enquiry (decision 052). */
export interface EnquiryPageView {
  me: string;
  /** The enquiry's id (the composer posts it). */
  id: string;
  asAdmin: boolean;
  client: PersonView;
  coach: PersonView;
  /** The other person (null for an admin). */
  other: PersonView | null;
  messages: MessageView[];
  /** The coach may still report it to FACT. */
  canReport: boolean;
  /** The coach has reported it. */
  reported: boolean;
}

export interface PersonView {
  id: string;
  name: string;
  role: 'Client' | 'Coach';
}

export interface MessageView {
  id: string;
  senderId: string;
  receiverId: string;
  content: string;
  at: string;
  isRead: boolean;
  /** Written in the enquiry before this booking (decision 052). */
  fromEnquiry?: boolean;
}

export interface ConversationPageView {
  me: string;
  asAdmin: boolean;
  booking: { id: string; reference: string; serviceLabel: string; startsAt: string; status: string; client: PersonView; coach: PersonView; player?: BookingPlayerView | null };
  /** The other party (null for an admin). */
  other: PersonView | null;
  recipients: PersonView[];
  messages: MessageView[];
  older: string | null;
}
