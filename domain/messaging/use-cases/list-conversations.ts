import type { Actor } from '../../policy/actor';
import { ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { summariseConversations, type ConversationSummary } from '../message';

/** SPEC §9: the admin messages page looks at the newest messages only. */
export const ADMIN_MESSAGES_LIMIT = 1000;

/**
 * SPEC §2 Messages: one entry per booking with its last message, newest first. A non-admin
 * sees only conversations with messages they sent or received; an admin sees all.
 */
export async function listConversations(deps: { uow: UnitOfWork }, input: { actor: Actor }): Promise<Result<ConversationSummary[]>> {
  const messages = input.actor.role === 'admin' ? await deps.uow.read.messages.listAll(ADMIN_MESSAGES_LIMIT) : await deps.uow.read.messages.listForUser(input.actor.userId);
  return ok(summariseConversations(messages, input.actor));
}
