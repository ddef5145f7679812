import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { idSchema, type Id } from '../../domain/shared/ids';

/**
 * What one app instance tells every other instance about messages, through PostgreSQL
 * NOTIFY on one channel. Only ids travel (a NOTIFY payload is capped at 8000 bytes, and content
 * must never reach someone who may not read it): a listener decides who may hear of it and the
 * browser reloads what it shows through the ordinary, authorised loaders.
 */
export const MESSAGE_CHANNEL = 'fact_messages';

export type MessageEvent =
  | { readonly type: 'message'; readonly bookingId: Id; readonly messageId: Id; readonly senderId: Id; readonly receiverId: Id }
  /** `readerId` read messages of `senderIds` (so the senders' pages can show 'Read'). */
  | { readonly type: 'read'; readonly bookingId: Id; readonly readerId: Id; readonly senderIds: readonly Id[] };

const messageEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), bookingId: idSchema, messageId: idSchema, senderId: idSchema, receiverId: idSchema }),
  z.object({ type: z.literal('read'), bookingId: idSchema, readerId: idSchema, senderIds: z.array(idSchema).max(20).default([]) }),
]);

/** Re-validates a payload heard on the channel; anything else is ignored. */
export function parseMessageEvent(payload: string | undefined): MessageEvent | null {
  if (!payload) return null;
  try {
    const parsed = messageEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Queues the notification in the transaction of `em` (`select pg_notify`): PostgreSQL delivers
 * it to every listener when that transaction commits, and never if it rolls back.
 */
export async function publishMessageEvent(em: EntityManager, event: MessageEvent): Promise<void> {
  await em.execute('select pg_notify(?, ?)', [MESSAGE_CHANNEL, JSON.stringify(event)]);
}

/** The users who may hear of an event: the two people of a message, or the reader and the senders. Admins hear everything. */
export function audienceOf(event: MessageEvent): readonly Id[] {
  return event.type === 'message' ? [event.senderId, event.receiverId] : [event.readerId, ...event.senderIds];
}
