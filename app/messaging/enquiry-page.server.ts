import { json, redirect, type AppLoadContext } from '@remix-run/node';
import type { User } from '../../domain/accounts/users/user';
import { viewEnquiry } from '../../domain/messaging/use-cases/view-enquiry';
import { actorOf } from '../auth/guards.server';
import { enquiryPageView } from './enquiry-views.server';
import { httpStatusOf } from './views.server';
import { requestDeps } from '~/request-deps.server';

/**
 * The Conversation page of an enquiry (`?enquiry_id=`). One that joined a booking sends the
 * person to that booking's conversation, where its messages now are; someone who may not see
 * it gets 'Conversation not found.' with a 404, logged.
 */
export async function loadEnquiryPage(user: User, enquiryId: string, context: AppLoadContext) {
  const actor = actorOf(user);
  const result = await viewEnquiry(requestDeps(context), { actor, enquiryId });
  if (!result.ok) {
    context.log.info({ code: result.error.code, userId: user.id }, 'enquiry refused');
    return json({ notFound: result.error.message }, { status: httpStatusOf(result.error), headers: { 'Cache-Control': 'private, no-store' } });
  }
  if (result.value.kind === 'joined') throw redirect(`/Conversation?booking_id=${result.value.bookingId}`);
  return json({ now: context.app.clock.now().toISOString(), enquiry: enquiryPageView(result.value, actor) }, { headers: { 'Cache-Control': 'private, no-store' } });
}
