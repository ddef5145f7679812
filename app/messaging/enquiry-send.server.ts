import type { AppLoadContext } from '@remix-run/node';
import type { User } from '../../domain/accounts/users/user';
import { reportEnquiryToFact } from '../../domain/messaging/use-cases/report-enquiry';
import { sendEnquiry } from '../../domain/messaging/use-cases/send-enquiry';
import { actorOf } from '../auth/guards.server';
import { httpStatusOf, SEND_FAILED, sendFailureText } from './views.server';
import { requestDeps } from '~/request-deps.server';

export type EnquirySendOutcome = { ok: true; enquiryId: string; messageId: string } | { ok: false; error: string; content: string };
export type EnquiryReportOutcome = { ok: true } | { ok: false; error: string };

const text = (value: FormDataEntryValue | null): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Sends an enquiry message posted from a coach's profile (`coachId`) or an enquiry's
 * Conversation page (`enquiryId`). A refusal comes back as words for the person with the text
 * they typed; it is logged with its code (a forbidden or unknown enquiry among them).
 */
export async function sendEnquiryFromForm(user: User, form: FormData, context: AppLoadContext): Promise<{ status: number; body: EnquirySendOutcome }> {
  const content = form.get('content');
  const typed = typeof content === 'string' ? content : '';
  try {
    const sent = await sendEnquiry(requestDeps(context), {
      actor: actorOf(user),
      form: { coachId: text(form.get('coachId')), enquiryId: text(form.get('enquiryId')) ?? text(form.get('bookingId')), content },
    });
    if (sent.ok) {
      if (sent.value.opened) context.log.info({ userId: user.id, enquiryId: sent.value.enquiryId }, 'enquiry opened');
      return { status: 200, body: { ok: true, enquiryId: sent.value.enquiryId, messageId: sent.value.message.id } };
    }
    context.log.info({ code: sent.error.code, userId: user.id }, 'enquiry message refused');
    const error = sent.error.kind === 'forbidden' || sent.error.kind === 'not_found' || sent.error.kind === 'conflict' ? sent.error.message : sendFailureText(sent.error);
    return { status: httpStatusOf(sent.error), body: { ok: false, error, content: typed } };
  } catch (error) {
    context.log.error({ err: error, userId: user.id }, 'enquiry message failed');
    return { status: 500, body: { ok: false, error: SEND_FAILED, content: typed } };
  }
}

/** 'Report to FACT': the coach's report of an enquiry, logged for the administrators. */
export async function reportEnquiryFromForm(user: User, form: FormData, context: AppLoadContext): Promise<{ status: number; body: EnquiryReportOutcome }> {
  const reported = await reportEnquiryToFact(requestDeps(context), { actor: actorOf(user), form: { enquiryId: text(form.get('enquiryId')), reason: form.get('reason') ?? undefined } });
  if (reported.ok) {
    context.log.warn({ userId: user.id, enquiryId: reported.value.enquiryId, reportId: reported.value.id }, 'enquiry reported to FACT');
    return { status: 200, body: { ok: true } };
  }
  context.log.info({ code: reported.error.code, userId: user.id }, 'enquiry report refused');
  return { status: httpStatusOf(reported.error), body: { ok: false, error: reported.error.message } };
}
