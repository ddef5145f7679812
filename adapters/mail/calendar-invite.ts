import ical, { ICalAlarmType, ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { CalendarInvite, CalendarRenderer } from '../../domain/notifications/calendar-invite';
import { alarmsFor } from '../../domain/notifications/session-alarms';

/** 'FACT <no-reply@fact.example>' → { name: 'FACT', email: 'no-reply@fact.example' }. */
export function parseMailbox(from: string): { name: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  if (match) return { name: match[1]!.trim() || 'FACT', email: match[2]!.trim() };
  return { name: 'FACT', email: from.trim() };
}

/**
 * Renders a booking's invite as iCalendar with ical-generator: METHOD:REQUEST or METHOD:CANCEL,
 * the booking's UID, its SEQUENCE, times in UTC (every calendar shows them in its own zone), FACT
 * as the organizer (the MAIL_FROM address) and the recipient as the attendee; a confirmed
 * session carries display alarms 24 hours and 1 hour before (session-alarms.ts).
 */
export function createCalendarRenderer(options: { from: string }): CalendarRenderer {
  const organizer = parseMailbox(options.from);
  return {
    render(invite: CalendarInvite): string {
      const cancel = invite.method === 'CANCEL';
      const calendar = ical({
        prodId: { company: 'FACT', product: 'Bookings', language: 'EN' },
        name: 'FACT sessions',
        method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
      });
      const event = calendar.createEvent({
        id: invite.uid,
        sequence: invite.sequence,
        start: invite.startsAt,
        end: invite.endsAt,
        stamp: invite.stampedAt,
        summary: invite.summary,
        description: invite.description,
        location: invite.location,
        url: invite.url,
        status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
        organizer,
        attendees: [
          {
            name: invite.attendee.name,
            email: invite.attendee.email,
            role: ICalAttendeeRole.REQ,
            status: ICalAttendeeStatus.ACCEPTED,
            rsvp: false,
          },
        ],
      });
      // VALARMs (decision 013): the calendar app reminds 24 hours and 1 hour before the session.
      for (const alarm of alarmsFor(invite.method))
        event.createAlarm({ type: ICalAlarmType.display, triggerBefore: alarm.beforeMs / 1000, description: alarm.description });
      return calendar.toString();
    },
  };
}
