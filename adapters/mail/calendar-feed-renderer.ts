import type { CalendarFeed } from '../../domain/notifications/calendar-feed';
import type { CalendarFeedRenderer } from '../../domain/notifications/calendar-feed-ports';
import { writeCalendar } from './calendar-event-writer';

/**
 * Renders a person's calendar feed with the invites' writer (calendar-event-writer.ts), without
 * METHOD, organizer or attendees: a subscription is published data, not a meeting request.
 * X-WR-CALNAME names it; REFRESH-INTERVAL and X-PUBLISHED-TTL tell calendars how often to fetch
 * it. Times are in UTC; DTSTAMP is when the booking last changed, so the same data renders to the
 * same bytes (and the same ETag).
 */
export function createCalendarFeedRenderer(): CalendarFeedRenderer {
  return {
    render(feed: CalendarFeed): string {
      return writeCalendar({ name: feed.name, refreshSeconds: feed.refreshSeconds, events: feed.events });
    },
  };
}
