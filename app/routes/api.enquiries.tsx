import { json, type ActionFunctionArgs } from '@remix-run/node';
import { apiUser } from '~/auth/guards.server';
import { sendEnquiryFromForm } from '~/messaging/enquiry-send.server';

/**
 * POST: one enquiry message (decision 052): to a coach from their profile (`coachId`), opening
 * or continuing the client's enquiry with them, or in an open enquiry (`enquiryId`). JSON only.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ ok: false, error: 'Method not allowed' }, { status: 405 });
  const user = await apiUser(request, context);
  if (user instanceof Response) return user;
  const { status, body } = await sendEnquiryFromForm(user, await request.formData(), context);
  return json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}
