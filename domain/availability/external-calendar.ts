/**
 * The coach's own calendar (PRODUCT.md 'Availability'): a secret ICS address the coach pastes,
 * fetched by the worker, whose busy events block slots. FACT never writes to that calendar and
 * never shows its events to anyone; the address itself is a secret, kept encrypted and shown
 * back only as its hint.
 */
import type { Actor } from '../policy/actor';
import { DAY_MS, MINUTE_MS } from '../shared/clock';
import { forbidden, invalid, type DomainError } from '../shared/errors';
import type { Id } from '../shared/ids';
import { err, ok, type Result } from '../shared/result';
import type { BusySpan } from './schedule';

/** Port: the busy spans of the coaches' linked calendars overlapping [from, to), one read for all of them. */
export interface ExternalBusyReader {
  busyFor(coachIds: readonly Id[], from: Date, to: Date): Promise<Map<Id, BusySpan[]>>;
}

/** The outbox job that syncs one coach's calendar now (after linking, or 'Sync now'). */
export const CALENDAR_SYNC_JOB = 'availability.calendar_sync';

/** Every linked calendar is fetched this often. */
export const CALENDAR_SYNC_EVERY_MS = 15 * MINUTE_MS;
/** A coach's own request (link, 'Sync now') waits at least this long after the previous fetch. */
export const CALENDAR_MANUAL_SYNC_GAP_MS = MINUTE_MS;
/** Busy spans kept: from a day ago (sessions starting now) to past the 90-day booking horizon. */
export const BUSY_WINDOW_BEFORE_MS = DAY_MS;
export const BUSY_WINDOW_AFTER_MS = 92 * DAY_MS;
/** At most this many busy spans of one calendar are kept (the earliest ones); the card says so. */
export const MAX_BUSY_SPANS = 5_000;
/** A response larger than this is refused. */
export const CALENDAR_MAX_BYTES = 5 * 1024 * 1024;
/** One fetch, redirects included, gets this long. */
export const CALENDAR_FETCH_TIMEOUT_MS = 10_000;
export const CALENDAR_MAX_REDIRECTS = 3;
export const CALENDAR_ADDRESS_MAX_LENGTH = 2_000;
/** How many characters of the address's end the hint shows. */
export const HINT_TAIL_LENGTH = 5;

/** The window of busy time a sync at `now` keeps. */
export function busyWindow(now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - BUSY_WINDOW_BEFORE_MS), to: new Date(now.getTime() + BUSY_WINDOW_AFTER_MS) };
}

export const CALENDAR_MESSAGES = {
  required: "Paste your calendar's secret address",
  tooLong: 'That address is too long to be a calendar address',
  notAnAddress: 'That is not a web address: copy the secret address in iCal format from your calendar',
  scheme: 'The address must start with https:// or webcal://',
  credentials: 'The address must not contain a user name or password',
  forbidden: 'Only the coach can link, sync or unlink their own calendar',
  notLinked: 'No calendar is linked',
  linked: 'Calendar linked. It will be synced in a moment.',
  unlinked: 'Calendar unlinked. Its busy times no longer block your slots.',
  syncRequested: 'Sync requested. Your calendar will be fetched in a moment.',
  syncAlreadyPending: 'A sync is already on its way.',
} as const;

const addressError = (message: string): DomainError => invalid('VALIDATION_FAILED', message, { address: [message] });

/**
 * The address a coach pasted, as FACT fetches it: trimmed, `webcal://` read as `https://` (what
 * calendar apps do with it), https only unless `allowInsecure` (the tests' local server), no
 * user name or password in it.
 */
export function readCalendarAddress(value: unknown, options: { readonly allowInsecure: boolean }): Result<string> {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return err(addressError(CALENDAR_MESSAGES.required));
  if (text.length > CALENDAR_ADDRESS_MAX_LENGTH) return err(addressError(CALENDAR_MESSAGES.tooLong));
  const rewritten = /^webcals?:\/\//i.test(text) ? text.replace(/^webcals?:/i, 'https:') : text;
  let url: URL;
  try {
    url = new URL(rewritten);
  } catch {
    return err(addressError(CALENDAR_MESSAGES.notAnAddress));
  }
  const allowed = options.allowInsecure ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol)) return err(addressError(CALENDAR_MESSAGES.scheme));
  if (url.hostname === '') return err(addressError(CALENDAR_MESSAGES.notAnAddress));
  if (url.username !== '' || url.password !== '') return err(addressError(CALENDAR_MESSAGES.credentials));
  url.hash = '';
  return ok(url.href);
}

/** What the card shows of the address: its host and its last few characters ('calendar.google.com …x.ics'). */
export function calendarAddressHint(address: string): string {
  let host: string;
  try {
    host = new URL(address).host;
  } catch {
    host = 'calendar';
  }
  return `${host} …${address.slice(-HINT_TAIL_LENGTH)}`;
}

/** Only the coach themself manages their linked calendar; administrators and anyone else are refused. */
export function canManageLinkedCalendar(actor: Actor, coachId: Id): boolean {
  return actor.role === 'user' && actor.userType === 'coach' && actor.userId === coachId;
}

export function requireCalendarOwner(actor: Actor, coachId: Id): Result<void> {
  return canManageLinkedCalendar(actor, coachId) ? ok(undefined) : err(forbidden('CALENDAR_FORBIDDEN', CALENDAR_MESSAGES.forbidden));
}

/** Why a fetch of the calendar failed: the adapter names the kind, the domain words it. */
export type CalendarFetchFailure =
  | { readonly kind: 'http_status'; readonly status: number }
  | { readonly kind: 'timeout' | 'too_large' | 'too_many_redirects' | 'private_address' | 'not_https' | 'host_not_found' | 'tls' | 'unreachable' | 'not_a_calendar' | 'unreadable_address' };

/** The reason the card shows (and last_error keeps) for a failed sync; it never quotes the address. */
export function calendarFailureReason(failure: CalendarFetchFailure): string {
  switch (failure.kind) {
    case 'http_status':
      return `Could not fetch: the server answered ${failure.status}`;
    case 'timeout':
      return `Could not fetch: the server did not answer within ${CALENDAR_FETCH_TIMEOUT_MS / 1000} seconds`;
    case 'too_large':
      return `Could not fetch: the calendar is larger than ${CALENDAR_MAX_BYTES / (1024 * 1024)} MB`;
    case 'too_many_redirects':
      return `Could not fetch: the address redirected more than ${CALENDAR_MAX_REDIRECTS} times`;
    case 'private_address':
      return 'Could not fetch: the address leads to a private or local network, which FACT does not reach';
    case 'not_https':
      return 'Could not fetch: the address (or a redirect) is not HTTPS';
    case 'host_not_found':
      return 'Could not fetch: the host name was not found';
    case 'tls':
      return "Could not fetch: the server's HTTPS certificate could not be verified";
    case 'unreachable':
      return 'Could not fetch: the server could not be reached';
    case 'not_a_calendar':
      return 'Could not read the calendar: the address did not return an iCalendar (.ics) file';
    case 'unreadable_address':
      return 'The stored address could not be read: unlink the calendar and link it again';
  }
}

/** What reading the calendar gave. */
export type CalendarReadOutcome =
  /** 304 Not Modified: the last good copy stands. */
  | { readonly kind: 'unchanged' }
  | {
      readonly kind: 'busy';
      /** Sorted by start, at most MAX_BUSY_SPANS. */
      readonly spans: readonly BusySpan[];
      /** More spans than MAX_BUSY_SPANS were in the window: the later ones were left out. */
      readonly truncated: boolean;
      readonly etag: string | null;
      readonly lastModified: string | null;
    }
  | { readonly kind: 'failed'; readonly failure: CalendarFetchFailure };

/** Port: fetches the calendar at `address` (conditionally) and reads its busy time inside `window`. */
export interface ExternalCalendarSource {
  read(address: string, previous: { readonly etag: string | null; readonly lastModified: string | null }, window: { readonly from: Date; readonly to: Date }): Promise<CalendarReadOutcome>;
}

/** Port: the address at rest. `seal` encrypts it bound to its coach; `open` gives it back, or null when it cannot. */
export interface CalendarAddressVault {
  seal(coachId: Id, address: string): string;
  open(coachId: Id, sealed: string): string | null;
}

/** Whether addresses may be http and on loopback (an explicit test setting, never in production). */
export interface CalendarFetchPolicy {
  readonly allowInsecure: boolean;
}
