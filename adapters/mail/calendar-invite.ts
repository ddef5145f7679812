import type { CalendarInvite, CalendarRenderer } from '../../domain/notifications/calendar-invite';
import { writeCalendar, type Mailbox } from './calendar-event-writer';

/** 'FACT <no-reply@fact.example>' → { name: 'FACT', email: 'no-reply@fact.example' }. */
export function parseMailbox(from: string): Mailbox {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  if (match) return { name: match[1]!.trim() || 'FACT', email: match[2]!.trim() };
  return { name: 'FACT', email: from.trim() };
}

/**
 * Renders a booking's invite with the feed's writer (calendar-event-writer.ts): METHOD:REQUEST or
 * METHOD:CANCEL, the booking's UID, its SEQUENCE, times in UTC (every calendar shows them in its
 * own zone), FACT as the organizer (the MAIL_FROM address) and the recipient as the attendee, and
 * the alarms the invite carries (a confirmed session's: 24 hours and 1 hour before).
 */
export function createCalendarRenderer(options: { from: string }): CalendarRenderer {
  const organizer = parseMailbox(options.from);
  return {
    render(invite: CalendarInvite): string {
      return writeCalendar({ name: 'FACT sessions', method: invite.method, events: [{ ...invite, organizer }] });
    },
  };
}
