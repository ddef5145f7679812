import { COACHING_TYPE_LABELS, LOCATION_TYPE_LABELS } from '../shared/catalogue';
import { MINUTE_MS } from '../shared/clock';
import type { Id } from '../shared/ids';
import type { BookingFacts, EmailDetails } from './email-job';
import { alarmsFor, type SessionAlarm } from './session-alarms';

/**
 * A session as one calendar event, as pure data: what the emailed invite and the subscribed feed
 * both write (one writer in adapters/mail renders it), so that the two never say different things
 * of the same session.
 */
export interface SessionCalendarEvent extends SessionEventFields {
  readonly status: 'CONFIRMED' | 'CANCELLED';
  /** When this version of the event was made (DTSTAMP). */
  readonly stampedAt: Date;
  readonly url: string;
  /** Display alarms (VALARM), each before the start. */
  readonly alarms: readonly SessionAlarm[];
}

/**
 * An iCalendar invite as plain data: a confirmed session is sent with METHOD:REQUEST
 * and a UID derived from the booking, a reschedule with the same UID and a higher SEQUENCE (the
 * booking's version, which grows with every change), a cancellation with METHOD:CANCEL and the
 * same UID. A REQUEST carries the session's alarms, a CANCEL none.
 */
export interface CalendarInvite extends SessionCalendarEvent {
  readonly method: 'REQUEST' | 'CANCEL';
  readonly attendee: { readonly name: string; readonly email: string };
}

/** Port: renders an invite to iCalendar text (adapters/mail/calendar-invite.ts). */
export interface CalendarRenderer {
  render(invite: CalendarInvite): string;
}

/** Stable for the life of the booking, whatever happens to it. */
export function bookingEventUid(bookingId: Id): string {
  return `booking-${bookingId}@fact`;
}

/** What an invite and the calendar feed say of a session: the same words, UID and SEQUENCE in both. */
export interface SessionEventFields {
  readonly uid: string;
  readonly sequence: number;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly summary: string;
  readonly description: string;
  readonly location: string | null;
}

export type SessionEventBooking = Pick<BookingFacts, 'id' | 'referenceCode' | 'serviceType' | 'startsAt' | 'durationMinutes' | 'locationType' | 'locationAddress' | 'version'>;

export function sessionEventFields(b: SessionEventBooking, otherPartyName: string, url: string): SessionEventFields {
  const startsAt = new Date(b.startsAt);
  const service = COACHING_TYPE_LABELS[b.serviceType];
  const where = [LOCATION_TYPE_LABELS[b.locationType], b.locationAddress].filter(Boolean).join(', ');
  return {
    uid: bookingEventUid(b.id),
    sequence: b.version,
    startsAt,
    endsAt: new Date(startsAt.getTime() + b.durationMinutes * MINUTE_MS),
    summary: `${service} session with ${otherPartyName} (${b.referenceCode})`,
    description: `FACT booking ${b.referenceCode}: ${service} with ${otherPartyName}.\n${url}`,
    location: where || null,
  };
}

export function calendarInviteFor(input: {
  booking: BookingFacts;
  details: EmailDetails;
  occurredAt: Date;
  otherPartyName: string;
  attendee: { name: string; email: string };
  url: string;
}): CalendarInvite | null {
  const { booking: b, details } = input;
  if (!details.calendar) return null;
  const method = details.calendar === 'cancel' ? 'CANCEL' : 'REQUEST';
  return {
    method,
    ...sessionEventFields(b, input.otherPartyName, input.url),
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    stampedAt: input.occurredAt,
    url: input.url,
    alarms: alarmsFor(method),
    attendee: input.attendee,
  };
}
