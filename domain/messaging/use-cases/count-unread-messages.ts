import type { Actor } from '../../policy/actor';
import { viewerOf, type ConversationReader } from '../conversation-reader';

/** The number beside Messages in the menu: messages addressed to the actor and not read yet. */
export async function countUnreadMessages(deps: { conversations: ConversationReader }, input: { actor: Actor }): Promise<number> {
  return deps.conversations.countUnread(viewerOf(input.actor));
}
