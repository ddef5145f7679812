import ical, { ICalEventStatus } from 'ical-generator';
import type { CalendarFeed } from '../../domain/notifications/calendar-feed';
import type { CalendarFeedRenderer } from '../../domain/notifications/calendar-feed-ports';

/**
 * Renders a person's calendar feed with ical-generator, as the invites are rendered
 * (calendar-invite.ts) but without METHOD, organizer or attendees: a subscription is published
 * data, not a meeting request. X-WR-CALNAME names it; REFRESH-INTERVAL and X-PUBLISHED-TTL tell
 * calendars how often to fetch it. Times are in UTC; DTSTAMP is when the booking last changed, so
 * the same data renders to the same bytes (and the same ETag).
 */
export function createCalendarFeedRenderer(): CalendarFeedRenderer {
  return {
    render(feed: CalendarFeed): string {
      const calendar = ical({
        prodId: { company: 'FACT', product: 'Bookings', language: 'EN' },
        name: feed.name,
        ttl: feed.refreshSeconds,
      });
      for (const e of feed.events) {
        calendar.createEvent({
          id: e.uid,
          sequence: e.sequence,
          start: e.startsAt,
          end: e.endsAt,
          stamp: e.stampedAt,
          summary: e.summary,
          description: e.description,
          location: e.location,
          url: e.url,
          status: e.status === 'CANCELLED' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
        });
      }
      const text = calendar.toString();
      // RFC 5545 ends every line, the last one too, with CRLF.
      return text.endsWith('\r\n') ? text : `${text}\r\n`;
    },
  };
}
