import type { Actor } from '../../policy/actor';
import type { BookingParties } from '../../policy/booking-parties';
import { canMessageOnBooking } from '../../policy/permissions';
import type { Clock } from '../../shared/clock';
import type { Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { parseForm } from '../../validation/parse-form';
import { markConversationRead, messagingErrors, visibleMessages, type Message } from '../message';
import { conversationQuerySchema } from '../message.schemas';

export interface Conversation {
  readonly booking: BookingParties;
  /** Oldest first; a non-admin sees only messages they sent or received. */
  readonly messages: readonly Message[];
}

/**
 * SPEC §4: opening a conversation shows its messages and marks those addressed to the viewer
 * and unread as read. A missing booking, or one the viewer is not part of, is
 * 'Conversation not found.'
 */
export async function openConversation(deps: { uow: UnitOfWork; clock: Clock }, input: { actor: Actor; bookingId: Id | null | undefined }): Promise<Result<Conversation>> {
  const query = parseForm(conversationQuerySchema, { bookingId: input.bookingId ?? undefined });
  if (!query.ok) return query;
  const now = deps.clock.now();
  return deps.uow.transaction<Conversation>(async (tx) => {
    const booking = await tx.bookingParties.findParties(query.value.bookingId);
    if (!booking || !canMessageOnBooking(input.actor, booking)) return err(messagingErrors.conversationNotFound());
    const visible = visibleMessages(await tx.messages.listByBooking(booking.id), input.actor);
    const { messages, newlyRead } = markConversationRead(visible, input.actor.userId, now);
    if (newlyRead.length > 0)
      await tx.messages.markRead(
        newlyRead.map((m) => m.id),
        now,
      );
    return ok({ booking, messages });
  });
}
