import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { endAllSessions } from '../../domain/accounts/sign-in/use-cases/end-all-sessions';
import { destroySession, getSession } from '~/auth/session.server';
import { requestDeps } from '~/request-deps.server';

/** Logout is a POST (a link cannot sign anyone out); a GET just goes home. */
export const loader = () => redirect('/');

/**
 * Ends the session and goes to Landing. The user's session version goes up, so every other
 * cookie of this user (another device, a copied cookie) stops working too.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request, context);
  const userId = session.get('userId');
  if (userId && session.get('sessionVersion') !== undefined) {
    const ended = await endAllSessions(requestDeps(context), { userId });
    if (!ended.ok) context.log.warn({ code: ended.error.code }, 'logout: session version not bumped');
  }
  return redirect('/', { headers: { 'Set-Cookie': await destroySession(session, context) } });
}
