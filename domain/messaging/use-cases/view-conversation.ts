import type { Actor } from '../../policy/actor';
import { canMessageOnBooking } from '../../policy/permissions';
import type { Clock } from '../../shared/clock';
import { isId, type Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { otherParty, viewerOf, type ConversationBooking, type ConversationPerson, type ConversationReader } from '../conversation-reader';
import { markConversationRead, messagingErrors, visibleMessages, type Message } from '../message';

/** How many messages a conversation shows at first, and per "older" page. */
export const CONVERSATION_PAGE_SIZE = 50;

export interface ConversationView {
  readonly booking: ConversationBooking;
  /** Oldest first: the newest page, or the page before `cursor`. */
  readonly messages: readonly Message[];
  /** Cursor of the page of older messages, or null when these are the first ever sent. */
  readonly older: string | null;
  /** Who the viewer writes to: the other party, or (an admin) the client then the coach. */
  readonly recipients: readonly ConversationPerson[];
  /** True when the viewer is an admin who is not a party (the 'Chat for …' view). */
  readonly asAdmin: boolean;
}

/**
 * SPEC §2/§4 Conversation: the booking header and the newest messages the viewer may see; a
 * missing booking or one they may not see is 'Conversation not found.' (no hint it exists).
 * Opening it (the first page, not an older one) marks every unread message addressed to the
 * viewer as read, in one transaction that also tells the other app instances.
 */
export async function viewConversation(
  deps: { uow: UnitOfWork; clock: Clock; conversations: ConversationReader },
  input: { actor: Actor; bookingId: unknown; cursor?: string | null; limit?: number },
): Promise<Result<ConversationView>> {
  if (!isId(input.bookingId)) return err(messagingErrors.conversationNotFound());
  const viewer = viewerOf(input.actor);
  const booking = await deps.conversations.findConversation(viewer, input.bookingId);
  if (!booking || !canMessageOnBooking(input.actor, booking)) return err(messagingErrors.conversationNotFound());

  const limit = Math.min(Math.max(Math.floor(input.limit ?? CONVERSATION_PAGE_SIZE), 1), 200);
  const page = await deps.conversations.listMessages(viewer, booking.id, { cursor: input.cursor ?? null, limit });
  let messages = visibleMessages(page.items, input.actor);

  if (!input.cursor) {
    const now = deps.clock.now();
    const { newlyRead } = markConversationRead(await deps.conversations.listUnreadFor(booking.id, input.actor.userId), input.actor.userId, now);
    if (newlyRead.length > 0) {
      const ids: Id[] = newlyRead.map((m) => m.id);
      const marked = await deps.uow.transaction(async (tx) => {
        await tx.messages.markRead(ids, now);
        return ok(undefined);
      });
      if (!marked.ok) return marked;
      messages = markConversationRead(messages, input.actor.userId, now).messages;
    }
  }

  const other = otherParty(booking, input.actor.userId);
  return ok({
    booking,
    messages,
    older: page.next,
    recipients: other ? [other] : [booking.client, booking.coach],
    asAdmin: other === null,
  });
}
