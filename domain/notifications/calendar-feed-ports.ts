import type { Id } from '../shared/ids';
import type { CalendarFeed, FeedBooking, FeedWindow } from './calendar-feed';

/** Ports of the calendar feed (decision 014; adapters in adapters/persistence/notifications and adapters/mail). */

/** A person's feed as stored: never the token, only when it was made and last fetched. */
export interface StoredCalendarFeed {
  readonly userId: Id;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
}

/** The person a token hash belongs to, with what decides whether their feed may be read. */
export interface CalendarFeedOwner extends StoredCalendarFeed {
  readonly isActive: boolean;
  readonly erased: boolean;
  readonly role: 'admin' | 'user';
  /** Their 'Session reminders' email preference (users.email_preferences), which decides the feed's alarms. */
  readonly sessionReminders: boolean;
}

export interface CalendarFeedStore {
  /** The person's feed, or null when it is off. */
  find(userId: Id): Promise<StoredCalendarFeed | null>;
  /** Makes `tokenHash` the person's one feed token, replacing any other in the same statement. */
  replace(userId: Id, tokenHash: string, now: Date): Promise<StoredCalendarFeed>;
  /** Turns the feed off; false when it was already off. */
  remove(userId: Id): Promise<boolean>;
  /** Who a token hash belongs to (a single indexed lookup), or null. */
  ownerOf(tokenHash: string): Promise<CalendarFeedOwner | null>;
  markUsed(userId: Id, now: Date): Promise<void>;
  /** The person's bookings (as client or coach) starting in the window whose status may appear, by start then id, at most `limit`. */
  sessionsOf(userId: Id, window: FeedWindow, limit: number): Promise<FeedBooking[]>;
}

/** Secret tokens and their digests (node:crypto in production). */
export interface FeedSecrets {
  /** A new random token: FEED_TOKEN_BYTES bytes, base64url, no padding. */
  newToken(): string;
  /** SHA-256 of the text, lowercase hex (token hashes and ETags). */
  digest(text: string): string;
}

/** Renders a feed as iCalendar text (adapters/mail/calendar-feed-renderer.ts). */
export interface CalendarFeedRenderer {
  render(feed: CalendarFeed): string;
}

export interface CalendarFeedPorts {
  readonly store: CalendarFeedStore;
  readonly secrets: FeedSecrets;
  readonly renderer: CalendarFeedRenderer;
}
