import ICAL from 'ical.js';
import { MAX_BUSY_SPANS } from '../../domain/availability/external-calendar';
import type { BusySpan } from '../../domain/availability/schedule';
import { LONDON } from '../../domain/shared/london-time';

/** Occurrences looked at per recurring event before giving up on it (a FREQ=MINUTELY rule would never end). */
const MAX_OCCURRENCES_PER_EVENT = 20_000;

export interface IcsBusy {
  readonly spans: readonly BusySpan[];
  readonly truncated: boolean;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** An Intl formatter for an IANA zone, or null when Intl does not know the name ('GMT Standard Time'). */
function zoneFormatter(zone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(zone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    } catch {
      return null;
    }
    if (formatters.size > 500) formatters.clear();
    formatters.set(zone, formatter);
  }
  return formatter;
}

function offsetMs(formatter: Intl.DateTimeFormat, ms: number): number {
  const p = Object.fromEntries(formatter.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - Math.floor(ms / 1000) * 1000;
}

/** A wall-clock time in an IANA zone as an instant (two passes settle the offset across a clock change). */
function wallClockToUtc(t: ICAL.Time, zone: string): number {
  const formatter = zoneFormatter(zone) ?? zoneFormatter(LONDON)!;
  const naive = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  let guess = naive - offsetMs(formatter, naive);
  guess = naive - offsetMs(formatter, guess);
  return guess;
}

/**
 * The instant of an iCalendar time. UTC and zones the file defines (VTIMEZONE, which Google and
 * Outlook ship, Windows names included) are converted by ical.js; a TZID the file does not define
 * is read as the IANA zone of that name if there is one; floating times and all-day dates are
 * London's.
 */
function instantOf(t: ICAL.Time, tzid: string | null): number {
  if (t.isDate) return wallClockToUtc(t, LONDON);
  const zone = t.zone;
  if (zone && zone.tzid !== 'floating') return t.toUnixTime() * 1000;
  return wallClockToUtc(t, tzid && zoneFormatter(tzid) ? tzid : LONDON);
}

const tzidOf = (component: ICAL.Component, property: 'dtstart' | 'dtend'): string | null => {
  const value = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
};

/** Busy unless the event is marked free (TRANSP:TRANSPARENT) or cancelled (STATUS:CANCELLED). */
function isBusy(component: ICAL.Component): boolean {
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transp !== 'TRANSPARENT' && status !== 'CANCELLED';
}

/**
 * The span of one occurrence. ical.js gives the end: DTEND, or DTSTART plus DURATION, or the next
 * day for an all-day event without either; all-day events cover whole London days (DTEND is
 * exclusive). A timed event without an end takes no time and blocks nothing.
 */
function spanOf(event: ICAL.Event, start: ICAL.Time, end: ICAL.Time): { startsAt: number; endsAt: number } | null {
  const startTzid = tzidOf(event.component, 'dtstart');
  const startsAt = instantOf(start, startTzid);
  const endsAt = instantOf(end, tzidOf(event.component, 'dtend') ?? startTzid);
  return Number.isFinite(startsAt) && Number.isFinite(endsAt) && endsAt > startsAt ? { startsAt, endsAt } : null;
}

/** The events of the file by UID: the series (no RECURRENCE-ID) and the instances it overrides. */
function eventsOf(calendar: ICAL.Component): ICAL.Event[] {
  const byUid = new Map<string, { master: ICAL.Component | null; exceptions: ICAL.Component[] }>();
  const loose: ICAL.Component[] = [];
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const uid = component.getFirstPropertyValue('uid');
    if (typeof uid !== 'string' || uid === '') {
      loose.push(component);
      continue;
    }
    const entry = byUid.get(uid) ?? { master: null, exceptions: [] };
    if (component.hasProperty('recurrence-id')) entry.exceptions.push(component);
    else entry.master = component;
    byUid.set(uid, entry);
  }
  const events: ICAL.Event[] = loose.map((c) => new ICAL.Event(c, { exceptions: [] }));
  for (const { master, exceptions } of byUid.values()) {
    if (master) events.push(new ICAL.Event(master, { exceptions, strictExceptions: true }));
    // Overrides without their series (a shared single instance) stand alone.
    else for (const c of exceptions) events.push(new ICAL.Event(c, { exceptions: [] }));
  }
  return events;
}

/** Adds the event's busy spans overlapping [from, to), clipped to it. */
function collect(event: ICAL.Event, from: number, to: number, out: { startsAt: number; endsAt: number }[]): void {
  const push = (span: { startsAt: number; endsAt: number } | null) => {
    if (span && span.endsAt > from && span.startsAt < to) out.push({ startsAt: Math.max(span.startsAt, from), endsAt: Math.min(span.endsAt, to) });
  };
  if (!event.isRecurring() || event.isRecurrenceException()) {
    if (isBusy(event.component)) push(spanOf(event, event.startDate, event.endDate));
    return;
  }
  const seriesBusy = isBusy(event.component);
  const iterator = event.iterator();
  const startTzid = tzidOf(event.component, 'dtstart');
  for (let n = 0; n < MAX_OCCURRENCES_PER_EVENT; n++) {
    const occurrence = iterator.next();
    if (!occurrence) break;
    // Occurrences come in the order of their original start: past the window (and a day's slack
    // for an instance moved earlier), the rest cannot matter.
    if (instantOf(occurrence, startTzid) > to + 86_400_000) break;
    const details = event.getOccurrenceDetails(occurrence);
    // A moved or changed instance (RECURRENCE-ID) says for itself whether it is busy.
    const item = details.item;
    if (item === event ? seriesBusy : isBusy(item.component)) push(spanOf(item, details.startDate, details.endDate));
  }
}

/** Joins overlapping and touching spans, sorted by start. */
function merged(spans: { startsAt: number; endsAt: number }[]): { startsAt: number; endsAt: number }[] {
  spans.sort((a, b) => a.startsAt - b.startsAt || a.endsAt - b.endsAt);
  const out: { startsAt: number; endsAt: number }[] = [];
  for (const span of spans) {
    const last = out[out.length - 1];
    if (last && span.startsAt <= last.endsAt) last.endsAt = Math.max(last.endsAt, span.endsAt);
    else out.push({ ...span });
  }
  return out;
}

/**
 * The busy time of an iCalendar file inside [from, to), parsed and expanded by ical.js (RRULE
 * and RDATE recurrences, EXDATE, RECURRENCE-ID overrides, time zones from the file's VTIMEZONEs).
 * Free and cancelled events are left out; overlapping spans are joined; at most `max` spans are
 * kept (the earliest), `truncated` saying some were left out. Null when the text is no calendar.
 */
export function busyFromIcs(text: string, window: { readonly from: Date; readonly to: Date }, max: number = MAX_BUSY_SPANS): IcsBusy | null {
  let calendar: ICAL.Component;
  try {
    const parsed: unknown = ICAL.parse(text);
    // A file holding several calendars parses to a list of them; the first is the calendar.
    const first = Array.isArray(parsed) && Array.isArray(parsed[0]) ? (parsed[0] as unknown[]) : parsed;
    calendar = new ICAL.Component(first as ConstructorParameters<typeof ICAL.Component>[0]);
  } catch {
    return null;
  }
  if (calendar.name !== 'vcalendar') return null;
  const from = window.from.getTime();
  const to = window.to.getTime();
  const found: { startsAt: number; endsAt: number }[] = [];
  for (const event of eventsOf(calendar)) {
    try {
      collect(event, from, to, found);
    } catch {
      // One malformed event (a bad RRULE, a DTSTART ical.js cannot read) does not cost the others.
    }
  }
  const spans = merged(found);
  return { spans: spans.slice(0, max).map((s) => ({ startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) })), truncated: spans.length > max };
}
