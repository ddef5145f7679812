import { json, type ActionFunctionArgs } from '@remix-run/node';
import { apiUser } from '~/auth/guards.server';
import { reportEnquiryFromForm } from '~/messaging/enquiry-send.server';

/** POST: the coach of an enquiry reports it to FACT with a reason (decision 052). JSON only. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ ok: false, error: 'Method not allowed' }, { status: 405 });
  const user = await apiUser(request, context);
  if (user instanceof Response) return user;
  const { status, body } = await reportEnquiryFromForm(user, await request.formData(), context);
  return json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}
