import type { Id } from '../shared/ids';
import type { BookingFacts } from './email-job';
import type { SessionNow } from './session-reminders';
import type { OutboxJob, OutboxPort } from '../shared/outbox';
import type { Result } from '../shared/result';
import type { EmailPreferenceChange, EmailPreferences } from '../accounts/users/email-preferences';

/** Ports of the notifications context (adapters in adapters/persistence/notifications). */

/** A user as the email sender needs them. */
export interface EmailRecipientInfo {
  readonly id: Id;
  /** Null once the account is erased. */
  readonly email: string | null;
  readonly fullName: string;
  readonly isActive: boolean;
  readonly erased: boolean;
  readonly preferences: EmailPreferences;
}

export type DeliveryStatus = 'sent' | 'skipped' | 'failed';

/** Why an email was not sent. */
export type SkipReason =
  | 'turned_off'
  | 'no_address'
  | 'inactive'
  | 'already_read'
  // Session reminders (decision 013): the session was cancelled, is no longer confirmed, moved, or the moment has gone.
  | 'cancelled'
  | 'not_confirmed'
  | 'rescheduled'
  | 'too_late';

/** What happened to one email job: kept for the operator (and so a retried job never sends twice). */
export interface DeliveryRecord {
  readonly jobId: Id;
  readonly event: string;
  readonly userId: Id | null;
  readonly status: DeliveryStatus;
  readonly reason: SkipReason | null;
  readonly messageId: string | null;
  readonly subject: string | null;
  readonly error: string | null;
}

export interface NotificationStore {
  findRecipients(ids: readonly Id[]): Promise<EmailRecipientInfo[]>;
  activeAdministratorIds(): Promise<Id[]>;
  /** Queues jobs together (one transaction); jobs whose dedupe key exists are ignored. */
  enqueueAll(jobs: readonly OutboxJob[]): Promise<void>;
  findDelivery(jobId: Id): Promise<DeliveryRecord | null>;
  /** Inserts or replaces the record of a job. */
  recordDelivery(record: DeliveryRecord): Promise<void>;
  /** Drops a fixed address from a job's payload once sent (an erased account's former email). */
  forgetAddress(jobId: Id): Promise<void>;
  /** How many of these messages are still unread. */
  countUnread(messageIds: readonly Id[]): Promise<number>;
  /** A booking's status and start as they are now (a session reminder checks them); null: no such booking. */
  findSessionNow(bookingId: Id): Promise<SessionNow | null>;
  /** The player a booking is for (decision 017), as now; null: the client themself (or erased). */
  findPlayerOfBooking?(bookingId: Id): Promise<{ firstName: string; lastName: string; dateOfBirth: string; notes: string | null } | null>;
}

/** The session-reminder sweep's view of the bookings (decision 013). */
export interface SessionReminderStore {
  /** Confirmed sessions starting within any of these windows (inclusive), at most `limit`. */
  confirmedStartingWithin(windows: readonly { readonly from: Date; readonly to: Date }[], limit: number): Promise<BookingFacts[]>;
  /** Queues jobs together (one transaction); jobs whose dedupe key exists are ignored. */
  enqueueAll(jobs: readonly OutboxJob[]): Promise<void>;
}

export interface EmailPreferencesStore {
  /** Null for a user that does not exist. */
  read(userId: Id): Promise<EmailPreferences | null>;
  /** Turns one kind on or off in a single statement (two toggles at once both count); null: no such user. */
  change(userId: Id, change: EmailPreferenceChange): Promise<EmailPreferences | null>;
}

/** Unread messages of one receiver in one conversation from one sender, waiting for a digest. */
export interface WaitingConversation {
  readonly receiverId: Id;
  readonly receiverRole: 'client' | 'coach' | 'admin';
  /** The conversation's id: a booking's, or an enquiry's when `enquiry` (decision 052). */
  readonly bookingId: Id;
  readonly enquiry?: boolean;
  readonly referenceCode: string | null;
  readonly senderId: Id;
  readonly messageIds: readonly Id[];
  readonly lastAt: Date;
}

export interface DigestWindow {
  /** Only messages sent before this (waiting long enough). */
  readonly unreadBefore: Date;
  /** Only messages sent after this (an old backlog is not mailed). */
  readonly sentAfter: Date;
  readonly limit: number;
}

export interface DigestTransaction {
  /** Marks as digested, and returns, the unread messages in the window no digest has covered. */
  claimWaitingMessages(window: DigestWindow): Promise<WaitingConversation[]>;
  readonly outbox: OutboxPort;
}

export interface MessageDigestStore {
  transaction<T>(work: (tx: DigestTransaction) => Promise<Result<T>>): Promise<Result<T>>;
}
