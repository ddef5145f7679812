import type { Express, Request } from 'express';
import type { Actor } from '../../domain/policy/actor';
import { toActor } from '../../domain/accounts/users/user';
import { signedInUserOf } from '../auth/session-storage';
import { countUnreadMessages } from '../../domain/messaging/use-cases/count-unread-messages';
import type { Application } from '../composition-root';
import { createMessageStream } from './message-stream';

/**
 * Mounts GET /events (server-sent events) and GET /events/unread (polling fallback). The user is
 * the one of the sign-in session cookie, checked by the same code as every Remix loader
 * (adapters/auth/session-storage).
 */
export function mountMessageStream(server: Express, app: Application): void {
  const authenticate = async (req: Request): Promise<Actor | null> => {
    const { user } = await signedInUserOf(req.headers.cookie ?? null, app);
    return user ? toActor(user) : null;
  };
  const events = createMessageStream({
    events: app.messageEvents,
    authenticate,
    countUnread: (actor) => countUnreadMessages(app.deps(), { actor }),
    logError: (error) => app.logger.error({ err: error }, 'message stream failed'),
  });
  server.get('/events', events.stream);
  server.get('/events/unread', events.unread);
  // Open streams would hold a graceful shutdown until its deadline: end them first.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, events.closeAll);
}
