import type { EntityManager } from '@mikro-orm/postgresql';
import type { DigestTransaction, MessageDigestStore, WaitingConversation } from '../../../domain/notifications/notification-ports';
import { DomainFailure, type DomainError } from '../../../domain/shared/errors';
import { err, type Result } from '../../../domain/shared/result';
import { mapDatabaseError } from '../database-errors';
import type { Orm } from '../orm';
import { MikroOutbox } from '../outbox/outbox.repository';

/**
 * Marks the waiting messages in `message_email_digests` and returns them grouped by receiver,
 * conversation and sender. The insert's primary key settles two runs at once: a message the
 * other transaction marked is skipped (ON CONFLICT DO NOTHING), so it is in one digest only.
 */
const CLAIM_SQL = `
  with marked as (
    insert into message_email_digests (message_id, receiver_id)
    select m.id, m.receiver_id
      from messages m
     where not m.is_read
       and m.created_at <= ?::timestamptz
       and m.created_at > ?::timestamptz
       and not exists (select 1 from message_email_digests d where d.message_id = m.id)
     order by m.created_at
     limit ?
    on conflict (message_id) do nothing
    returning message_id
  )
  select m.receiver_id,
         case when u.role = 'admin' then 'admin' when u.user_type = 'coach' then 'coach' else 'client' end as receiver_role,
         coalesce(m.booking_id, m.enquiry_id) as booking_id, m.booking_id is null as is_enquiry, b.reference_code, m.sender_id,
         array_agg(m.id::text order by m.created_at) as message_ids,
         max(m.created_at) as last_at
    from marked k
    join messages m on m.id = k.message_id
    join users u on u.id = m.receiver_id
    left join bookings b on b.id = m.booking_id
   group by m.receiver_id, receiver_role, coalesce(m.booking_id, m.enquiry_id), is_enquiry, b.reference_code, m.sender_id
   order by m.receiver_id, last_at desc`;

interface WaitingRow {
  receiver_id: string;
  receiver_role: 'client' | 'coach' | 'admin';
  /** The conversation: the booking, or the enquiry of a message written before any booking. */
  booking_id: string;
  is_enquiry: boolean;
  reference_code: string | null;
  sender_id: string;
  message_ids: string[];
  last_at: Date | string;
}

class Rollback extends Error {
  constructor(readonly failure: DomainError) {
    super(failure.message);
  }
}

export function createMessageDigestStore(orm: Orm): MessageDigestStore {
  return {
    async transaction<T>(work: (tx: DigestTransaction) => Promise<Result<T>>): Promise<Result<T>> {
      try {
        return await orm.em.fork().transactional(async (txEm) => {
          const em = txEm as EntityManager;
          const tx: DigestTransaction = {
            outbox: new MikroOutbox(em),
            async claimWaitingMessages(window) {
              const rows = await em.execute<WaitingRow[]>(CLAIM_SQL, [window.unreadBefore, window.sentAfter, window.limit]);
              return rows.map((r): WaitingConversation => ({
                receiverId: r.receiver_id,
                receiverRole: r.receiver_role,
                bookingId: r.booking_id,
                ...(r.is_enquiry ? { enquiry: true } : {}),
                referenceCode: r.reference_code,
                senderId: r.sender_id,
                messageIds: r.message_ids,
                lastAt: new Date(r.last_at),
              }));
            },
          };
          const result = await work(tx);
          if (!result.ok) throw new Rollback(result.error);
          return result;
        });
      } catch (error) {
        if (error instanceof Rollback) return err(error.failure);
        if (error instanceof DomainFailure) return err(error.error);
        const mapped = mapDatabaseError(error);
        if (mapped) return err(mapped);
        throw error;
      }
    },
  };
}
