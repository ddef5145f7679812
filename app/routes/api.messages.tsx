import { json, type ActionFunctionArgs } from '@remix-run/node';
import { apiUser } from '~/auth/guards.server';
import { sendFromForm } from '~/messaging/send.server';

/** POST: send one message (the Conversation composer's request); answers JSON, never a page. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ ok: false, error: 'Method not allowed' }, { status: 405 });
  const signedIn = await apiUser(request, context);
  if (signedIn instanceof Response) return signedIn;
  const { status, body } = await sendFromForm(request, context);
  return json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}
