import type { Actor } from '../../policy/actor';
import type { Clock } from '../../shared/clock';
import { isId, type Id } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { viewerOf } from '../conversation-reader';
import { canSeeEnquiry, enquiryErrors, type EnquiryMessage } from '../enquiry';
import type { EnquiryConversation, EnquiryReader } from '../enquiry-reader';

/** An enquiry is a short exchange before a booking: its page shows this many newest messages. */
export const ENQUIRY_PAGE_SIZE = 200;

export type EnquiryView =
  | {
      readonly kind: 'open';
      readonly enquiry: EnquiryConversation;
      /** Oldest first. */
      readonly messages: readonly EnquiryMessage[];
      /** An administrator who is not one of its people (reads, does not write). */
      readonly asAdmin: boolean;
      /** The coach may report it to FACT (once). */
      readonly canReport: boolean;
    }
  /** It joined a booking: its messages are that booking's conversation now. */
  | { readonly kind: 'joined'; readonly bookingId: Id };

/**
 * The Conversation page of an enquiry. Someone who may not see it gets 'Conversation not
 * found.' (no hint it exists). Opening it marks the messages addressed to the viewer read, in
 * one transaction that also tells the other app instances.
 */
export async function viewEnquiry(deps: { uow: UnitOfWork; clock: Clock; enquiries: EnquiryReader }, input: { actor: Actor; enquiryId: unknown }): Promise<Result<EnquiryView>> {
  if (!isId(input.enquiryId)) return err(enquiryErrors.notFound());
  const viewer = viewerOf(input.actor);
  const enquiry = await deps.enquiries.find(viewer, input.enquiryId);
  if (!enquiry || !canSeeEnquiry(input.actor, enquiry)) return err(enquiryErrors.notFound());
  if (enquiry.bookingId !== null) return ok({ kind: 'joined', bookingId: enquiry.bookingId });

  let messages = await deps.enquiries.listMessages(viewer, enquiry.id, ENQUIRY_PAGE_SIZE);
  if (messages.some((m) => m.receiverId === input.actor.userId && !m.isRead)) {
    const now = deps.clock.now();
    const marked = await deps.uow.transaction(async (tx) => ok(await tx.enquiries.markRead(enquiry.id, input.actor.userId, now)));
    if (!marked.ok) return marked;
    messages = messages.map((m) => (m.receiverId === input.actor.userId && !m.isRead ? { ...m, isRead: true, readAt: now } : m));
  }
  const isParty = input.actor.userId === enquiry.clientId || input.actor.userId === enquiry.coachId;
  return ok({ kind: 'open', enquiry, messages, asAdmin: !isParty, canReport: input.actor.userId === enquiry.coachId && !enquiry.reported });
}
