import type { SessionAlarm } from '../../domain/notifications/session-alarms';
import type { SessionCalendarEvent } from '../../domain/notifications/calendar-invite';

export interface Mailbox {
  readonly name: string;
  readonly email: string;
}

/** A session's event as written: a meeting request adds the organizer and the one attendee. */
export interface WrittenEvent extends SessionCalendarEvent {
  readonly organizer?: Mailbox;
  readonly attendee?: Mailbox;
}

export interface WrittenCalendar {
  /** NAME and X-WR-CALNAME. */
  readonly name: string;
  /** METHOD: only an emailed invite has one (a feed is published data, not a request). */
  readonly method?: 'REQUEST' | 'CANCEL';
  /** REFRESH-INTERVAL and X-PUBLISHED-TTL, for a subscribed feed. */
  readonly refreshSeconds?: number;
  readonly events: readonly WrittenEvent[];
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/**
 * TEXT (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, any line break as \n, and no
 * other control character but tab (the grammar allows none).
 */
function text(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/** A quoted parameter value (§3.2), its quote marks and line breaks caret-encoded (RFC 6868). */
function quotedParam(value: string): string {
  const encoded = value
    .replace(/\^/g, '^^')
    .replace(/"/g, "^'")
    .replace(/\r\n|\r|\n/g, '^n');
  // eslint-disable-next-line no-control-regex
  return `"${encoded.replace(/[\u0000-\u001f\u007f]/g, '')}"`;
}

/** A value written as it is (URIs, dates): no line break or other control character may get in. */
function plain(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new Error('iCalendar value with a control character');
  return value;
}

/** DATE-TIME in UTC (§3.3.5, form 2): 20261128T100000Z. */
function utc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** DURATION (§3.3.6): whole days as P1D (a calendar's "same time the day before"), else PT…H…M…S. */
function duration(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  let s = Math.round(Math.abs(seconds));
  if (s > 0 && s % 86_400 === 0) return `${sign}P${s / 86_400}D`;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  return `${sign}PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}

/**
 * Folds a content line (§3.1): at most 75 octets a line, each continuation starting with one
 * space, never splitting a UTF-8 character.
 */
function fold(line: string): string {
  if (line.length <= MAX_LINE_OCTETS && /^[\x20-\x7e]*$/.test(line)) return line;
  let out = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      out += `${CRLF} `;
      octets = 1;
    }
    out += ch;
    octets += size;
  }
  return out;
}

function alarmLines(alarm: SessionAlarm): string[] {
  return ['BEGIN:VALARM', 'ACTION:DISPLAY', `TRIGGER:${duration(-alarm.beforeMs / 1000)}`, `DESCRIPTION:${text(alarm.description)}`, 'END:VALARM'];
}

function eventLines(e: WrittenEvent): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${text(e.uid)}`, `SEQUENCE:${e.sequence}`, `DTSTAMP:${utc(e.stampedAt)}`, `DTSTART:${utc(e.startsAt)}`, `DTEND:${utc(e.endsAt)}`, `SUMMARY:${text(e.summary)}`];
  if (e.location) lines.push(`LOCATION:${text(e.location)}`);
  lines.push(`DESCRIPTION:${text(e.description)}`);
  if (e.organizer) lines.push(`ORGANIZER;CN=${quotedParam(e.organizer.name)}:mailto:${plain(e.organizer.email)}`);
  if (e.attendee) lines.push(`ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE;CN=${quotedParam(e.attendee.name)}:mailto:${plain(e.attendee.email)}`);
  lines.push(`URL;VALUE=URI:${plain(e.url)}`, `STATUS:${e.status}`);
  // The grammar (§3.6.1) puts an event's alarms after all its properties.
  for (const alarm of e.alarms) lines.push(...alarmLines(alarm));
  lines.push('END:VEVENT');
  return lines;
}

/**
 * The one place FACT writes iCalendar (RFC 5545), for the emailed invites and the subscribed feed
 * alike, so that a session reads the same in both: the same VEVENT properties (UID, SEQUENCE,
 * DTSTAMP, DTSTART/DTEND in UTC, SUMMARY, LOCATION, DESCRIPTION, URL, STATUS) and the same display
 * VALARMs. Every content line, the last one too, ends with CRLF (§3.1), and lines are folded at
 * 75 octets. Written here rather than by a library so that the order of the grammar and the final
 * CRLF are FACT's to keep.
 */
export function writeCalendar(calendar: WrittenCalendar): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//FACT//Bookings//EN'];
  if (calendar.method) lines.push(`METHOD:${calendar.method}`);
  lines.push(`NAME:${text(calendar.name)}`, `X-WR-CALNAME:${text(calendar.name)}`);
  if (calendar.refreshSeconds !== undefined) {
    const every = duration(calendar.refreshSeconds);
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${every}`, `X-PUBLISHED-TTL:${every}`);
  }
  for (const event of calendar.events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return lines.map((line) => fold(line) + CRLF).join('');
}
