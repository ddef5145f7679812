import type { EntityManager } from '@mikro-orm/postgresql';
import type { MessageRepository } from '../../../domain/messaging/message.repository';
import { isId, type Id } from '../../../domain/shared/ids';
import { ok } from '../../../domain/shared/result';
import { publishMessageEvent } from '../../realtime/message-events';
import { MessageEntity } from '../entities';
import { messageFromRow, type MessageRow } from './message-row';

const COLUMNS = 'id, booking_id, sender_id, receiver_id, content, is_read, read_at, created_at';

const DEFAULT_LIMIT = 200;

/**
 * Messages in PostgreSQL. Every write also queues a NOTIFY in the same transaction
 * (adapters/realtime), so other app instances hear of a message exactly when it is committed.
 */
export function createMessageRepository(em: EntityManager): MessageRepository {
  const rows = (sql: string, params: unknown[]) => em.execute<MessageRow[]>(sql, params);
  return {
    async add(message) {
      await em.insert(MessageEntity, { ...message });
      await publishMessageEvent(em, {
        type: 'message',
        bookingId: message.bookingId,
        messageId: message.id,
        senderId: message.senderId,
        receiverId: message.receiverId,
      });
      return ok(undefined);
    },

    async listByBooking(bookingId) {
      const found = await rows(`select ${COLUMNS} from messages where booking_id = ? order by created_at, id`, [bookingId]);
      return found.map(messageFromRow);
    },

    async listForUser(userId, limit = DEFAULT_LIMIT) {
      const found = await rows(`select ${COLUMNS} from messages where (sender_id = ? or receiver_id = ?) and booking_id is not null order by created_at desc, id desc limit ?`, [
        userId,
        userId,
        limit,
      ]);
      return found.map(messageFromRow);
    },

    async listAll(limit = DEFAULT_LIMIT) {
      const found = await rows(`select ${COLUMNS} from messages where booking_id is not null order by created_at desc, id desc limit ?`, [limit]);
      return found.map(messageFromRow);
    },

    async markRead(messageIds: readonly Id[], readAt: Date) {
      const ids = messageIds.filter(isId);
      if (ids.length === 0) return;
      const changed = await em.execute<{ booking_id: string; receiver_id: string; sender_id: string }[]>(
        `update messages set is_read = true, read_at = ?
          where id = any(?::uuid[]) and not is_read
          returning booking_id, receiver_id, sender_id`,
        [readAt, `{${ids.join(',')}}`],
      );
      const byReader = new Map<string, { bookingId: string; readerId: string; senderIds: Set<string> }>();
      for (const row of changed) {
        const key = `${row.booking_id}:${row.receiver_id}`;
        const entry = byReader.get(key) ?? { bookingId: row.booking_id, readerId: row.receiver_id, senderIds: new Set<string>() };
        entry.senderIds.add(row.sender_id);
        byReader.set(key, entry);
      }
      for (const { bookingId, readerId, senderIds } of byReader.values()) {
        await publishMessageEvent(em, { type: 'read', bookingId, readerId, senderIds: [...senderIds].slice(0, 20) });
      }
    },
  };
}
