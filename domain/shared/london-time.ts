/**
 * Europe/London wall-clock time <-> UTC instants, with Intl only (no Node I/O).
 * Session times are entered and shown in London time and stored as UTC instants.
 */
import { DAY_MS, HOUR_MS, MINUTE_MS } from './clock';

export const LONDON = 'Europe/London';

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface LondonParts {
  date: string; // YYYY-MM-DD
  time: string; // HH:MM
}

function offsetMinutesAt(instant: Date): number {
  const p = Object.fromEntries(partsFormatter.formatToParts(instant).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** '2026-03-29' + '09:00' in London -> the UTC instant. Returns null for malformed input. */
export function londonToUtc(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [y, mo, da, h, mi] = [+d[1]!, +d[2]!, +d[3]!, +t[1]!, +t[2]!];
  if (mo < 1 || mo > 12 || da < 1 || da > 31 || h > 23 || mi > 59) return null;
  const naive = Date.UTC(y, mo - 1, da, h, mi);
  const check = new Date(naive);
  if (check.getUTCDate() !== da) return null;
  // Two passes settle the offset across a daylight-saving change. The offset is remembered per
  // UTC hour (it only changes on one): the booking dialog asks for ~2 000 slots at once.
  let guess = naive - cachedOffsetMinutes(new Date(naive)) * 60_000;
  guess = naive - cachedOffsetMinutes(new Date(guess)) * 60_000;
  return new Date(guess);
}

const offsetsByHour = new Map<number, number>();

/**
 * London's offset from UTC in minutes, remembered per UTC hour: it changes only on the hour
 * (01:00 UTC), and formatToParts is slow enough to show in the server's profile.
 */
function cachedOffsetMinutes(instant: Date): number {
  const uniform = uniformDayOffset(instant);
  if (uniform !== null) return uniform;
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = offsetsByHour.get(hour);
  if (offset === undefined) {
    offset = offsetMinutesAt(new Date(hour * HOUR_MS));
    if (offsetsByHour.size >= 10_000) offsetsByHour.clear();
    offsetsByHour.set(hour, offset);
  }
  return offset;
}

const offsetsByDay = new Map<number, number | null>();

/**
 * The offset of a whole UTC day when the clocks do not change on it (all but two days a year),
 * from two formatToParts calls instead of one per hour: the booking dialog's 90-day calendar
 * asks about some 1 100 different hours when it opens. Null on a changing day.
 */
function uniformDayOffset(instant: Date): number | null {
  const day = Math.floor(instant.getTime() / DAY_MS);
  let offset = offsetsByDay.get(day);
  if (offset === undefined) {
    const first = offsetMinutesAt(new Date(day * DAY_MS));
    offset = first === offsetMinutesAt(new Date(day * DAY_MS + DAY_MS - HOUR_MS)) ? first : null;
    if (offsetsByDay.size >= 10_000) offsetsByDay.clear();
    offsetsByDay.set(day, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** '2026-11-25' + 7 days → '2026-12-02': calendar days, whatever the clocks do. */
export function addDaysToIsoDate(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant moved by London's offset, in ms: read as UTC, it is London's wall clock. */
const londonWallMs = (instant: Date) => instant.getTime() + cachedOffsetMinutes(instant) * MINUTE_MS;
const londonWall = (instant: Date) => new Date(londonWallMs(instant));

/**
 * The London calendar day of an instant as a number (days since 1970-01-01 on London's wall
 * clock): two instants fall on one London date exactly when their numbers are equal. A
 * conversation compares each message's day with the one before; a number per message
 * is cheaper than two date strings.
 */
export function londonDayNumber(instant: Date): number {
  return Math.floor(londonWallMs(instant) / DAY_MS);
}

export function utcToLondon(instant: Date): LondonParts {
  const wall = londonWall(instant);
  return {
    date: `${String(wall.getUTCFullYear()).padStart(4, '0')}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`,
    time: `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`,
  };
}

const longDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** 'Sat, 21 Nov 2026' */
export function formatLondonDate(instant: Date): string {
  return longDate.format(instant);
}

const shortTime = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** '09:30' */
export function formatLondonTime(instant: Date): string {
  return Number.isNaN(instant.getTime()) ? shortTime.format(instant) : utcToLondon(instant).time;
}
