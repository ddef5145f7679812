import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { DomainError } from '../../domain/shared/errors';
import type { Result } from '../../domain/shared/result';
import { disableCalendarFeed, issueCalendarFeed, viewCalendarFeed, type CalendarFeedView } from '../../domain/notifications/use-cases/calendar-feed';
import { actorOf, apiUser } from '~/auth/guards.server';
import { requestDeps } from '~/request-deps.server';

/**
 * The profile page's 'Add to your calendar' card (decision 014): GET the signed-in person's feed
 * state (on or off, when made, when last fetched — never the link, which is not stored); POST
 * `intent` = 'enable' | 'reset' | 'disable'. 'enable' and 'reset' answer the new link, once.
 * Clients and coaches only (administrators 403). JSON, never cached.
 */
export type CalendarFeedResponse = { ok: true; feed: CalendarFeedView } | { ok: false; code: string; error: string };

const STATUS: Record<DomainError['kind'], number> = { invalid: 422, forbidden: 403, not_found: 404, conflict: 409, rate_limited: 429, unavailable: 503 };
const headers = { 'Cache-Control': 'no-store' };

function reply(result: Result<CalendarFeedView>) {
  if (result.ok) return json<CalendarFeedResponse>({ ok: true, feed: result.value }, { headers });
  return json<CalendarFeedResponse>({ ok: false, code: result.error.code, error: result.error.message }, { status: STATUS[result.error.kind], headers });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await apiUser(request, context);
  if (user instanceof Response) return user;
  return reply(await viewCalendarFeed(requestDeps(context), { actor: actorOf(user) }));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json<CalendarFeedResponse>({ ok: false, code: 'METHOD_NOT_ALLOWED', error: 'Method not allowed' }, { status: 405, headers });
  const user = await apiUser(request, context);
  if (user instanceof Response) return user;
  const actor = actorOf(user);
  const intent = (await request.formData()).get('intent');
  const appUrl = (context.app.env.APP_URL ?? new URL(request.url).origin).replace(/\/+$/, '');
  const deps = requestDeps(context);
  const result = intent === 'enable' || intent === 'reset' ? await issueCalendarFeed(deps, { actor, intent, appUrl }) : intent === 'disable' ? await disableCalendarFeed(deps, { actor }) : null;
  if (!result) return json<CalendarFeedResponse>({ ok: false, code: 'UNKNOWN_INTENT', error: 'Unknown action' }, { status: 400, headers });
  const event = intent === 'enable' ? 'calendar_feed_enabled' : intent === 'reset' ? 'calendar_feed_reset' : 'calendar_feed_disabled';
  if (result.ok) context.log.info({ event, userId: user.id }, 'calendar feed changed');
  else context.log.info({ event: `${event}_refused`, userId: user.id, code: result.error.code }, 'calendar feed change refused');
  return reply(result);
}
