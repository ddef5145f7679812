import * as z from 'zod';
import { coachDashboardGroupOf, myBookingsTabOf } from '../booking/lists/booking-lists';
import { PAYMENT_STATUSES } from '../booking/money/payment-status';
import { BOOKING_STATUSES, COACHING_TYPES, LOCATION_TYPES } from '../shared/catalogue';
import { DAY_MS } from '../shared/clock';
import { invalid } from '../shared/errors';
import { idSchema, type Id } from '../shared/ids';
import { err, ok, type Result } from '../shared/result';
import { sessionEventFields, type SessionCalendarEvent } from './calendar-invite';
import { feedAlarmsFor } from './session-alarms';

/**
 * A person's private calendar feed (decision 014), as pure data: which sessions it
 * holds (confirmed, in session, completed or disputed ones, and cancelled ones marked cancelled)
 * in a window of 90 days back to a year ahead, each as the same event the emailed invite describes
 * (UID `booking-<id>@fact`, SEQUENCE = the booking's version, the same summary, description and
 * location, and the invite's alarms while the session is to come, when the person keeps 'Session
 * reminders' on). The adapter renders it as iCalendar with the invite's writer.
 */

export const FEED_CALENDAR_NAME = 'FACT sessions';
/** How often a calendar should fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 3600;
export const FEED_DAYS_BACK = 90;
export const FEED_DAYS_AHEAD = 365;
/** The most events one feed holds (the query is bounded; 1000 sessions in 15 months is far beyond any coach). */
export const FEED_MAX_EVENTS = 1000;
/** Statuses whose sessions appear (pending requests never do). */
export const FEED_STATUSES = ['confirmed', 'in_session', 'completed', 'disputed', 'cancelled'] as const;

/** Bytes of randomness in a token (256 bits), base64url without padding: 43 characters. */
export const FEED_TOKEN_BYTES = 32;
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface FeedWindow {
  /** Sessions starting at or after this… */
  readonly from: Date;
  /** …and before this. */
  readonly to: Date;
}

export function feedWindow(now: Date): FeedWindow {
  return { from: new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS), to: new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS) };
}

/** Whether a string has the shape of a feed token (anything else is answered as an unknown token). */
export function isFeedTokenFormat(value: unknown): value is string {
  return typeof value === 'string' && FEED_TOKEN.test(value);
}

/** The token in the feed's last path segment `<token>.ics`, or null (a malformed path). */
export function feedTokenFromPathSegment(segment: string | undefined): string | null {
  if (!segment || !segment.endsWith('.ics')) return null;
  const token = segment.slice(0, -'.ics'.length);
  return isFeedTokenFormat(token) ? token : null;
}

/** The feed's path for a token. */
export const feedPath = (token: string): string => `/calendar/${token}.ics`;

/** The addresses the card offers: the https URL, the webcal:// one and Google Calendar's 'add by URL'. */
export interface FeedLinks {
  readonly httpsUrl: string;
  readonly webcalUrl: string;
  readonly googleUrl: string;
}

export function feedLinks(appUrl: string, token: string): FeedLinks {
  const httpsUrl = `${appUrl.replace(/\/+$/, '')}${feedPath(token)}`;
  const webcalUrl = httpsUrl.replace(/^https?:\/\//, 'webcal://');
  return { httpsUrl, webcalUrl, googleUrl: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl)}` };
}

const instant = z.union([z.date(), z.string()]).transform((v, ctx) => {
  const d = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'Invalid instant' });
    return z.NEVER;
  }
  return d;
});

/** One of the person's bookings as the feed reads it (re-validated from the row). */
const feedBookingSchema = z.object({
  id: idSchema,
  referenceCode: z.string().min(1),
  serviceType: z.enum(COACHING_TYPES),
  startsAt: instant,
  durationMinutes: z.number().int().positive(),
  locationType: z.enum(LOCATION_TYPES),
  locationAddress: z.string().nullable(),
  clientId: idSchema,
  coachId: idSchema,
  status: z.enum(BOOKING_STATUSES),
  declined: z.boolean(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  version: z.number().int().nonnegative(),
  updatedAt: instant,
  clientName: z.string().nullable(),
  coachName: z.string().nullable(),
});
export type FeedBooking = z.infer<typeof feedBookingSchema>;

export function parseFeedBooking(row: unknown): Result<FeedBooking> {
  const parsed = feedBookingSchema.safeParse(row);
  if (parsed.success) return ok(parsed.data);
  const first = parsed.error.issues[0];
  return err(invalid('FEED_BOOKING_INVALID', first ? `${first.path.join('.')}: ${first.message}` : 'invalid'));
}

/**
 * Whether a booking is in the person's feed: theirs, in the window, and a session — a confirmed,
 * running, completed or disputed one, or a cancelled one that had reached the coach (paid). A
 * declined request or a request cancelled before it was paid was never anyone's session.
 */
export function belongsInFeed(b: FeedBooking, userId: Id, window: FeedWindow): boolean {
  if (b.clientId !== userId && b.coachId !== userId) return false;
  const t = b.startsAt.getTime();
  if (t < window.from.getTime() || t >= window.to.getTime()) return false;
  if (b.status === 'cancelled') return !b.declined && b.paymentStatus !== 'pending' && b.paymentStatus !== 'failed';
  return (FEED_STATUSES as readonly string[]).includes(b.status);
}

/** DTSTAMP is when this version of the booking was made (stable, so the body and its ETag are too). */
export type FeedEvent = SessionCalendarEvent;

export interface CalendarFeed {
  readonly name: string;
  readonly refreshSeconds: number;
  readonly events: readonly FeedEvent[];
}

const nameOr = (name: string | null, fallback: string): string => name?.trim() || fallback;

/** The page where the person sees the booking, as the invite links it. */
function bookingPageUrl(appUrl: string, b: FeedBooking, asCoach: boolean, now: Date): string {
  if (asCoach) return `${appUrl}/CoachDashboard?tab=${coachDashboardGroupOf(b)}`;
  return `${appUrl}/MyBookings?tab=${myBookingsTabOf(b, now)}`;
}

/**
 * The feed of `userId`: their sessions in the window, by start time, each as its invite says it.
 * `sessionReminders` is the person's 'Session reminders' email preference: the one switch for
 * being reminded, so it decides the calendar's alarms too.
 */
export function calendarFeedFor(input: { userId: Id; bookings: readonly FeedBooking[]; appUrl: string; now: Date; sessionReminders: boolean }): CalendarFeed {
  const window = feedWindow(input.now);
  const appUrl = input.appUrl.replace(/\/+$/, '');
  const events = input.bookings
    .filter((b) => belongsInFeed(b, input.userId, window))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, FEED_MAX_EVENTS)
    .map((b): FeedEvent => {
      const asCoach = b.coachId === input.userId;
      const other = asCoach ? nameOr(b.clientName, 'your client') : nameOr(b.coachName, 'your coach');
      const url = bookingPageUrl(appUrl, b, asCoach, input.now);
      return {
        ...sessionEventFields({ ...b, startsAt: b.startsAt.toISOString() }, other, url),
        status: b.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
        stampedAt: b.updatedAt,
        url,
        alarms: feedAlarmsFor(b.status, input.sessionReminders),
      };
    });
  return { name: FEED_CALENDAR_NAME, refreshSeconds: FEED_REFRESH_SECONDS, events };
}
