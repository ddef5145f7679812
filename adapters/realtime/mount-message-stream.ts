import type { Express, Request } from 'express';
import type { AppLoadContext } from '@remix-run/node';
import { actorOf, getCurrentUser } from '../../app/auth/guards.server';
import type { Actor } from '../../domain/accounts/actor';
import { countUnreadMessages } from '../../domain/messaging/use-cases/count-unread-messages';
import type { Application } from '../composition-root';
import { createMessageStream } from './message-stream';

/**
 * Mounts GET /events (server-sent events) and GET /events/unread (polling fallback). The user is
 * the one of the sign-in session cookie, read by the same code as every Remix loader.
 */
export function mountMessageStream(server: Express, app: Application): void {
  const authenticate = async (req: Request): Promise<Actor | null> => {
    const request = new globalThis.Request(`http://internal${req.originalUrl}`, { headers: { cookie: req.headers.cookie ?? '' } });
    const requestId = String(req.res?.locals.requestId ?? 'events');
    const context = { app, requestId, log: app.logger.child({ requestId }), clientIp: req.ip ?? 'unknown' } as AppLoadContext;
    const user = await getCurrentUser(request, context);
    return user ? actorOf(user) : null;
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
