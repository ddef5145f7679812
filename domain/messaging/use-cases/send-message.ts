import type { Actor } from '../../policy/actor';
import type { Clock } from '../../shared/clock';
import type { IdSource } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { parseForm } from '../../validation/parse-form';
import { messagingErrors, sendMessage as compose, type Message } from '../message';
import { sendMessageSchema } from '../message.schemas';

/**
 * SPEC §2 Conversation: a party writes to the other party; an admin writes to the party they
 * chose. The content is validated (1–5000 after trimming) and sanitised. Rate limiting
 * ('message' policy: 'Too many messages. Please wait until {time}') is the caller's job.
 */
export async function sendMessage(deps: { uow: UnitOfWork; clock: Clock; ids: IdSource }, input: { actor: Actor; form: unknown }): Promise<Result<Message>> {
  const parsed = parseForm(sendMessageSchema, input.form);
  if (!parsed.ok) return parsed;
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const booking = await tx.bookingParties.findParties(parsed.value.bookingId);
    if (!booking) return err(messagingErrors.conversationNotFound());
    const message = compose({ id: deps.ids.newId(), booking, actor: input.actor, receiverId: parsed.value.receiverId ?? null, content: parsed.value.content }, now);
    if (!message.ok) return message;
    const saved = await tx.messages.add(message.value);
    return saved.ok ? ok(message.value) : saved;
  });
}
