import { json, type ActionFunctionArgs } from '@remix-run/node';
import { sendFromForm } from '~/messaging/send.server';

/** POST: send one message (the Conversation composer's request); answers JSON, never a page. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ ok: false, error: 'Method not allowed' }, { status: 405 });
  const { status, body } = await sendFromForm(request, context);
  return json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}
