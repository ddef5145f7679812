import type { Actor } from '../../policy/actor';
import { enforceRateLimit } from '../../rate-limit/check-rate-limit';
import type { RateLimitStore } from '../../rate-limit/rate-limit-store';
import type { Clock } from '../../shared/clock';
import { HOUR_MS } from '../../shared/clock';
import { conflict, forbidden, notFound } from '../../shared/errors';
import { err, ok, type Result } from '../../shared/result';
import { calendarFeedFor, FEED_MAX_EVENTS, feedLinks, feedWindow, isFeedTokenFormat, type FeedLinks } from '../calendar-feed';
import type { CalendarFeedPorts } from '../calendar-feed-ports';

/**
 * The calendar feed's use cases (decision 014): the profile card's state, turning the
 * feed on, resetting its link, turning it off (the signed-in person, for themselves only), and
 * reading a feed by its token (no session: the token is the credential).
 */
export interface CalendarFeedDeps {
  readonly calendarFeeds: CalendarFeedPorts;
  readonly clock: Clock;
}

/** What the profile card shows. The link exists only in the answer that made it (only its hash is kept). */
export interface CalendarFeedView {
  readonly enabled: boolean;
  readonly createdAt: string | null;
  readonly lastUsedAt: string | null;
  readonly links: FeedLinks | null;
}

const notForAdmins = () => forbidden('CALENDAR_FEED_NOT_AVAILABLE', 'Calendar feeds are for clients and coaches.');

function viewOf(feed: { createdAt: Date; lastUsedAt: Date | null } | null, links: FeedLinks | null = null): CalendarFeedView {
  return { enabled: feed !== null, createdAt: feed?.createdAt.toISOString() ?? null, lastUsedAt: feed?.lastUsedAt?.toISOString() ?? null, links };
}

export async function viewCalendarFeed(deps: CalendarFeedDeps, input: { actor: Actor }): Promise<Result<CalendarFeedView>> {
  if (input.actor.role === 'admin') return err(notForAdmins());
  return ok(viewOf(await deps.calendarFeeds.store.find(input.actor.userId)));
}

/**
 * 'Turn on' (intent 'enable') and 'Reset link' (intent 'reset'): a new random token replaces any
 * other, so an old link stops working at once. Resetting a feed that is off is a conflict (the
 * card was stale); turning on a feed that is on simply makes a new link.
 */
export async function issueCalendarFeed(deps: CalendarFeedDeps, input: { actor: Actor; intent: 'enable' | 'reset'; appUrl: string }): Promise<Result<CalendarFeedView>> {
  if (input.actor.role === 'admin') return err(notForAdmins());
  const { store, secrets } = deps.calendarFeeds;
  if (input.intent === 'reset' && !(await store.find(input.actor.userId))) {
    return err(conflict('CALENDAR_FEED_OFF', 'Your calendar feed is off. Turn it on to get a link.'));
  }
  const token = secrets.newToken();
  const feed = await store.replace(input.actor.userId, secrets.digest(token), deps.clock.now());
  return ok(viewOf(feed, feedLinks(input.appUrl, token)));
}

/** 'Turn off': the link stops working; turning off a feed that is off is fine. */
export async function disableCalendarFeed(deps: CalendarFeedDeps, input: { actor: Actor }): Promise<Result<CalendarFeedView>> {
  if (input.actor.role === 'admin') return err(notForAdmins());
  await deps.calendarFeeds.store.remove(input.actor.userId);
  return ok(viewOf(null));
}

export interface RenderedFeed {
  readonly body: string;
  /** A strong validator: the SHA-256 of the body, quoted. */
  readonly etag: string;
}

const FEED_NOT_FOUND = () => notFound('NOT_FOUND', 'Not found');
/** last_used_at is written at most this often (a calendar polling every few minutes costs no write). */
const MARK_USED_EVERY_MS = HOUR_MS;

/**
 * Reads a feed by its token. Every token — well-formed, malformed, unknown, revoked — is counted
 * against its own rate limit, hashed and looked up the same way, so the answers to a bad token are
 * one answer: not found. A deactivated or erased person's feed is not found either.
 */
export async function readCalendarFeed(deps: CalendarFeedDeps & { readonly rateLimits: RateLimitStore }, input: { token: string; appUrl: string }): Promise<Result<RenderedFeed>> {
  const { store, secrets, renderer } = deps.calendarFeeds;
  const now = deps.clock.now();
  const tokenHash = secrets.digest(input.token);
  const limited = await enforceRateLimit(deps.rateLimits, 'default', { ip: `calendar-feed:${tokenHash.slice(0, 32)}` }, now);
  if (!limited.ok) return limited;
  const owner = await store.ownerOf(tokenHash);
  if (!owner || !isFeedTokenFormat(input.token) || !owner.isActive || owner.erased || owner.role === 'admin') return err(FEED_NOT_FOUND());
  if (!owner.lastUsedAt || now.getTime() - owner.lastUsedAt.getTime() >= MARK_USED_EVERY_MS) await store.markUsed(owner.userId, now);
  const bookings = await store.sessionsOf(owner.userId, feedWindow(now), FEED_MAX_EVENTS);
  const body = renderer.render(calendarFeedFor({ userId: owner.userId, bookings, appUrl: input.appUrl, now, sessionReminders: owner.sessionReminders }));
  return ok({ body, etag: `"${secrets.digest(body)}"` });
}
