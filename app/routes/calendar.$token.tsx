import type { LoaderFunctionArgs } from '@remix-run/node';
import { readCalendarFeed } from '../../domain/notifications/use-cases/calendar-feed';
import { requestDeps } from '~/request-deps.server';

/**
 * GET /calendar/<token>.ics — a person's private calendar feed (decision 014). No
 * session: the token in the path is the credential. The answer is iCalendar with a strong ETag
 * (the body's SHA-256) and `Cache-Control: private, max-age=300`; a matching If-None-Match gets a
 * 304. Every bad token — malformed, unknown, revoked, or a deactivated or erased person's — gets
 * the one same 404, after the same work (counted, hashed, looked up), so none can be told apart.
 */
const FEED_CACHE = 'private, max-age=300';
const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/** Whether If-None-Match names this (strong) ETag, or is '*'. */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const segment = params.token ?? '';
  // '<token>.ics'; anything else is looked up all the same (and found by nobody).
  const token = segment.endsWith('.ics') ? segment.slice(0, -'.ics'.length) : segment;
  const appUrl = (context.app.env.APP_URL ?? new URL(request.url).origin).replace(/\/+$/, '');
  const result = await readCalendarFeed(requestDeps(context), { token, appUrl });
  if (!result.ok) {
    if (result.error.kind === 'rate_limited') {
      context.log.warn({ event: 'calendar_feed_rate_limited' }, 'calendar feed rate limited');
      return new Response('Too many requests', { status: 429, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '900' } });
    }
    return notFound();
  }
  const { body, etag } = result.value;
  const headers = { ETag: etag, 'Cache-Control': FEED_CACHE };
  if (matches(request.headers.get('If-None-Match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, {
    status: 200,
    headers: { ...headers, 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'inline; filename="fact-sessions.ics"' },
  });
}
