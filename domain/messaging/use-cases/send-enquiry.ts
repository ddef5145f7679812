import type { Actor } from '../../policy/actor';
import { enforceRateLimit } from '../../rate-limit/check-rate-limit';
import type { RateLimitStore } from '../../rate-limit/rate-limit-store';
import { DAY_MS, type Clock } from '../../shared/clock';
import type { Id, IdSource } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { parseForm } from '../../validation/parse-form';
import { canSeeEnquiry, checkCanEnquire, checkEnquirer, checkNewCoachAllowance, enquiryErrors, openEnquiry, writeInEnquiry, type Enquiry, type EnquiryMessage } from '../enquiry';
import { enquiryMessageSchema } from '../enquiry.schemas';

export interface SendEnquiryDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly rateLimits: RateLimitStore;
}

export interface SentEnquiryMessage {
  readonly enquiryId: Id;
  readonly message: EnquiryMessage;
  /** True when this message opened the enquiry. */
  readonly opened: boolean;
}

/**
 * A message in an enquiry (decision 052). Sent to a coach (`coachId`, from their profile), it
 * continues the client's open enquiry with them or opens one: opening one with a coach they did
 * not open one with in the last 24 hours counts towards the five new coaches a day, counted under a lock of the client so two tabs
 * cannot both take the fifth place. Sent in an enquiry (`enquiryId`), either of its two people
 * writes to the other. Every message also counts towards SPEC's message limit (50 per 15
 * minutes); a form that is invalid anyway is refused without counting.
 */
export async function sendEnquiry(deps: SendEnquiryDeps, input: { actor: Actor; form: unknown }): Promise<Result<SentEnquiryMessage>> {
  const parsed = parseForm(enquiryMessageSchema, input.form);
  if (!parsed.ok) return parsed;
  const { coachId, enquiryId, content } = parsed.value;
  if (coachId !== undefined) {
    // Refused before the limit counts anything: a coach or an admin never starts one.
    const enquirer = checkEnquirer(input.actor, coachId);
    if (!enquirer.ok) return enquirer;
  }
  const allowed = await enforceRateLimit(deps.rateLimits, 'message', { userId: input.actor.userId }, deps.clock.now());
  if (!allowed.ok) return allowed;
  const now = deps.clock.now();

  return deps.uow.transaction<SentEnquiryMessage>(async (tx) => {
    let enquiry: Enquiry | null;
    let opened = false;
    if (enquiryId !== undefined) {
      const seen = await tx.enquiries.findById(enquiryId);
      if (!seen || !canSeeEnquiry(input.actor, seen)) return err(enquiryErrors.notFound());
      // Read again under the client's lock, which a booking's join also takes: a join made
      // meanwhile is seen, so no message is left behind in an enquiry that has joined a booking.
      await tx.enquiries.lockClient(seen.clientId);
      enquiry = await tx.enquiries.findById(enquiryId);
      if (!enquiry) return err(enquiryErrors.notFound());
    } else {
      const coach = await tx.users.findById(coachId!);
      const may = checkCanEnquire(input.actor, coach && { id: coach.id, userType: coach.userType, role: coach.role, isActive: coach.isActive, erased: coach.erasedAt !== null });
      if (!may.ok) return may;
      await tx.enquiries.lockClient(input.actor.userId);
      enquiry = await tx.enquiries.findOpen(input.actor.userId, coachId!);
      if (!enquiry) {
        const allowance = checkNewCoachAllowance(await tx.enquiries.openedSince(input.actor.userId, new Date(now.getTime() - DAY_MS)), coachId!, now);
        if (!allowance.ok) return allowance;
        enquiry = openEnquiry({ id: deps.ids.newId(), actor: input.actor, coachId: coachId! }, now);
        await tx.enquiries.add(enquiry);
        opened = true;
      }
    }
    const message = writeInEnquiry({ id: deps.ids.newId(), enquiry, actor: input.actor, content }, now);
    if (!message.ok) return message;
    await tx.enquiries.addMessage(message.value);
    return ok({ enquiryId: enquiry.id, message: message.value, opened });
  });
}
