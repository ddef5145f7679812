import type { EntityManager } from '@mikro-orm/postgresql';
import { parseEnquiry, parseEnquiryMessage, type Enquiry, type EnquiryMessage } from '../../../domain/messaging/enquiry';
import type { EnquiryRepository } from '../../../domain/messaging/enquiry.repository';
import { DomainFailure } from '../../../domain/shared/errors';
import { publishMessageEvent } from '../../realtime/message-events';
import { EnquiryEntity, EnquiryReportEntity } from '../entities';
import type { MessageRow } from './message-row';

const COLUMNS = 'id, client_id, coach_id, booking_id, created_at, last_message_at, joined_at';

export interface EnquiryRow {
  id: string;
  client_id: string;
  coach_id: string;
  booking_id: string | null;
  created_at: Date | string;
  last_message_at: Date | string;
  joined_at: Date | string | null;
}

/** A messages row written in an enquiry, as SQL returns it: the message row, keyed by its enquiry. */
export type EnquiryMessageRow = Omit<MessageRow, 'booking_id' | 'from_enquiry'> & { enquiry_id: string };

/** A row that does not parse is a corrupted store, not a user error. */
function enquiryFromRow(row: EnquiryRow): Enquiry {
  const parsed = parseEnquiry({
    id: row.id,
    clientId: row.client_id,
    coachId: row.coach_id,
    bookingId: row.booking_id,
    createdAt: row.created_at,
    lastMessageAt: row.last_message_at,
    joinedAt: row.joined_at,
  });
  if (!parsed.ok) throw new DomainFailure(parsed.error);
  return parsed.value;
}

export function enquiryMessageFromRow(row: EnquiryMessageRow): EnquiryMessage {
  const parsed = parseEnquiryMessage({
    id: row.id,
    enquiryId: row.enquiry_id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    content: row.content,
    isRead: row.is_read,
    readAt: row.read_at,
    createdAt: row.created_at,
  });
  if (!parsed.ok) throw new DomainFailure(parsed.error);
  return parsed.value;
}

/**
 * Enquiries in PostgreSQL. Their messages live in `messages` with `enquiry_id` set and no
 * booking until the enquiry joins one. Message writes and reads queue the same NOTIFY as a
 * booking's messages, naming the enquiry as the conversation, so live pages and unread badges
 * follow them alike.
 */
export function createEnquiryRepository(em: EntityManager): EnquiryRepository {
  const one = async (sql: string, params: unknown[]) => {
    const rows = await em.execute<EnquiryRow[]>(sql, params);
    return rows[0] ? enquiryFromRow(rows[0]) : null;
  };
  return {
    async lockClient(clientId) {
      await em.execute(`select pg_advisory_xact_lock(hashtextextended('enquiry-client:' || ?::text, 0))`, [clientId]);
    },

    findById: (id) => one(`select ${COLUMNS} from enquiries where id = ?`, [id]),

    findOpen: (clientId, coachId) => one(`select ${COLUMNS} from enquiries where client_id = ? and coach_id = ? and joined_at is null`, [clientId, coachId]),

    async openedSince(clientId, since) {
      const rows = await em.execute<{ coach_id: string; created_at: Date | string }[]>(`select coach_id, created_at from enquiries where client_id = ? and created_at > ? order by created_at`, [
        clientId,
        since,
      ]);
      return rows.map((r) => ({ coachId: r.coach_id, at: new Date(r.created_at) }));
    },

    async add(enquiry) {
      await em.insert(EnquiryEntity, { ...enquiry });
    },

    async addMessage(message) {
      await em.execute(
        `insert into messages (id, booking_id, enquiry_id, sender_id, receiver_id, content, is_read, read_at, created_at)
         values (?, null, ?, ?, ?, ?, false, null, ?)`,
        [message.id, message.enquiryId, message.senderId, message.receiverId, message.content, message.createdAt],
      );
      await em.execute(`update enquiries set last_message_at = greatest(last_message_at, ?) where id = ?`, [message.createdAt, message.enquiryId]);
      await publishMessageEvent(em, { type: 'message', bookingId: message.enquiryId, messageId: message.id, senderId: message.senderId, receiverId: message.receiverId });
    },

    async markRead(enquiryId, readerId, at) {
      const changed = await em.execute<{ sender_id: string }[]>(
        `update messages set is_read = true, read_at = ?
          where enquiry_id = ? and booking_id is null and receiver_id = ? and not is_read
          returning sender_id`,
        [at, enquiryId, readerId],
      );
      if (changed.length > 0) {
        const senderIds = [...new Set(changed.map((r) => r.sender_id))].slice(0, 20);
        await publishMessageEvent(em, { type: 'read', bookingId: enquiryId, readerId, senderIds });
      }
      return changed.length;
    },

    async joinOpen({ clientId, coachId, bookingId, at }) {
      // The client's enquiry lock, as a send holds it: a message sent meanwhile lands before the join, never after it.
      await em.execute(`select pg_advisory_xact_lock(hashtextextended('enquiry-client:' || ?::text, 0))`, [clientId]);
      const joined = await one(
        `update enquiries set booking_id = ?, joined_at = ?
          where client_id = ? and coach_id = ? and joined_at is null
          returning ${COLUMNS}`,
        [bookingId, at, clientId, coachId],
      );
      if (joined) await em.execute(`update messages set booking_id = ? where enquiry_id = ? and booking_id is null`, [bookingId, joined.id]);
      return joined;
    },

    async hasReport(enquiryId, reporterId) {
      const rows = await em.execute<{ found: boolean }[]>(`select exists (select 1 from enquiry_reports where enquiry_id = ? and reporter_id = ?) as found`, [enquiryId, reporterId]);
      return rows[0]?.found === true;
    },

    async addReport(report) {
      await em.insert(EnquiryReportEntity, { ...report });
    },
  };
}
