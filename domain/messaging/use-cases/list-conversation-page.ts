import type { Actor } from '../../policy/actor';
import { ok, type Result } from '../../shared/result';
import { viewerOf, visibleListItems, type ConversationListItem, type ConversationReader, type KeysetPage } from '../conversation-reader';

export const CONVERSATIONS_PAGE_SIZE = 20;

/**
 * SPEC §2 Messages: one conversation per booking the viewer is party to (admins: every booking),
 * newest activity first, with the last message the viewer may see and their unread count;
 * `cursor` continues with older ones. The read model filters in SQL; the policy filters again.
 */
export async function listConversationPage(
  deps: { conversations: ConversationReader },
  input: { actor: Actor; cursor?: string | null; limit?: number },
): Promise<Result<KeysetPage<ConversationListItem>>> {
  const limit = Math.min(Math.max(Math.floor(input.limit ?? CONVERSATIONS_PAGE_SIZE), 1), 100);
  const page = await deps.conversations.listConversations(viewerOf(input.actor), { cursor: input.cursor ?? null, limit });
  return ok({ items: visibleListItems(page.items, input.actor), next: page.next });
}
