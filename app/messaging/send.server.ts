import type { AppLoadContext } from '@remix-run/node';
import { postMessage } from '../../domain/messaging/use-cases/post-message';
import { actorOf, requireUser } from '../auth/guards.server';
import { httpStatusOf, SEND_FAILED, sendFailureText } from './views.server';
import { requestDeps } from '~/request-deps.server';

export type SendOutcome = { ok: true; messageId: string } | { ok: false; error: string; content: string };

/**
 * Sends the message of a posted Conversation form through the domain (validation, sanitising,
 * the 50-per-15-minutes limit, who may write to whom). Any failure comes back as words for the
 * box under the composer, with the text that was typed.
 */
export async function sendFromForm(request: Request, context: AppLoadContext): Promise<{ status: number; body: SendOutcome }> {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const content = form.get('content');
  const typed = typeof content === 'string' ? content : '';
  const receiverId = form.get('receiverId');
  try {
    const sent = await postMessage(requestDeps(context), {
      actor: actorOf(user),
      form: { bookingId: form.get('bookingId') ?? undefined, receiverId: typeof receiverId === 'string' ? receiverId : undefined, content },
    });
    if (sent.ok) return { status: 200, body: { ok: true, messageId: sent.value.id } };
    context.log.info({ code: sent.error.code, userId: user.id }, 'message refused');
    return { status: httpStatusOf(sent.error), body: { ok: false, error: sendFailureText(sent.error), content: typed } };
  } catch (error) {
    context.log.error({ err: error, userId: user.id }, 'message send failed');
    return { status: 500, body: { ok: false, error: SEND_FAILED, content: typed } };
  }
}
