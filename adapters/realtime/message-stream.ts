import type { Request, RequestHandler, Response } from 'express';
import type { Actor } from '../../domain/policy/actor';
import { audienceOf, parseMessageEvent, type MessageEvent } from './message-events';
import type { PgNotifier } from './pg-notifier';
import { handleAsync } from '../http/async-handler';

/**
 * GET /events: a server-sent-event stream of the signed-in user's message activity, fed by this
 * instance's LISTEN connection (so a message sent through any instance arrives here).
 *
 *   event: message  data: {"bookingId":…,"messageId":…}   a message the user may read was committed
 *   event: read     data: {"bookingId":…,"byMe":bool}      messages were read (by the user in another tab, or by the other party)
 *   event: unread   data: {"count":n}                      the user's unread total (sent first, then on change)
 *   event: resync                                          events may have been missed: reload
 *
 * Only ids travel: the page reloads what it shows through its own authorised loader. The session
 * is checked again on every heartbeat, so a signed-out or deactivated user's stream ends.
 * GET /events/unread answers {count} as JSON: the polling fallback.
 */
export interface MessageStreamOptions {
  events: PgNotifier;
  authenticate: (req: Request) => Promise<Actor | null>;
  countUnread: (actor: Actor) => Promise<number>;
  heartbeatMs?: number;
  logError?: (error: unknown) => void;
}

/** Is `event` something `actor` may hear of? Admins see every conversation; others their own messages. */
export function mayHear(actor: Actor, event: MessageEvent): boolean {
  return actor.role === 'admin' || audienceOf(event).includes(actor.userId);
}

/** Does `event` change `actor`'s unread total? */
export function changesUnread(actor: Actor, event: MessageEvent): boolean {
  return event.type === 'message' ? event.receiverId === actor.userId : event.readerId === actor.userId;
}

export function createMessageStream(options: MessageStreamOptions): {
  stream: RequestHandler;
  unread: RequestHandler;
  closeAll: () => void;
} {
  const open = new Set<Response>();
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const logError = options.logError ?? (() => {});

  const stream: RequestHandler = handleAsync(async (req, res) => {
    let actor: Actor | null;
    try {
      actor = await options.authenticate(req);
    } catch (error) {
      logError(error);
      res.status(503).end();
      return;
    }
    if (!actor) {
      res.status(401).type('text/plain').send('Not authenticated');
      return;
    }
    const me = actor;
    res.status(200);
    res.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform keeps the compression middleware from buffering the stream.
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    req.socket.setNoDelay(true);
    req.socket.setKeepAlive(true);
    open.add(res);

    let closed = false;
    const send = (event: string | null, data?: unknown) => {
      if (closed) return;
      const lines = event ? `event: ${event}\ndata: ${JSON.stringify(data ?? {})}\n\n` : `: ping\n\n`;
      res.write(lines);
    };

    let counting: NodeJS.Timeout | null = null;
    const recount = () => {
      if (counting || closed) return;
      counting = setTimeout(() => {
        counting = null;
        options.countUnread(me).then(
          (count) => send('unread', { count }),
          (error: unknown) => logError(error),
        );
      }, 50);
    };

    const unsubscribe = options.events.subscribe(
      (payload) => {
        const event = parseMessageEvent(payload);
        if (!event || !mayHear(me, event)) return;
        if (event.type === 'message') send('message', { bookingId: event.bookingId, messageId: event.messageId });
        else send('read', { bookingId: event.bookingId, byMe: event.readerId === me.userId });
        if (changesUnread(me, event)) recount();
      },
      () => {
        send('resync', {});
        recount();
      },
    );

    const heartbeat = setInterval(() => {
      send(null);
      options.authenticate(req).then(
        (still) => {
          if (!still || still.userId !== me.userId) finish();
        },
        () => {},
      );
    }, heartbeatMs);

    const finish = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      if (counting) clearTimeout(counting);
      unsubscribe();
      open.delete(res);
      res.end();
    };
    req.on('close', finish);

    res.write('retry: 3000\n\n');
    recount();
  });

  const unread: RequestHandler = handleAsync(async (req, res) => {
    try {
      const actor = await options.authenticate(req);
      if (!actor) {
        res.status(401).json({ error: 'Not authenticated' });
        return;
      }
      res.set('Cache-Control', 'no-store').json({ count: await options.countUnread(actor) });
    } catch (error) {
      logError(error);
      res.status(503).json({ error: 'unavailable' });
    }
  });

  return {
    stream,
    unread,
    closeAll: () => {
      for (const res of [...open]) res.end();
      open.clear();
    },
  };
}
