import { formatLondonDate, formatLondonTime, londonDayNumber, utcToLondon } from '../../domain/shared/london-time';

/**
 * How times read on the Messages and Conversation pages, in London time (PRODUCT.md). `now` is
 * passed in (the server's clock on first render, the browser's afterwards) so that the server
 * and the browser render the same text.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dayMonth = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' });
const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long' });

/** Whole London calendar days between two instants (0: same day, 1: yesterday, …). */
export function londonDaysBetween(earlier: Date, later: Date): number {
  const a = utcToLondon(earlier).date;
  const b = utcToLondon(later).date;
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);
}

/** 'just now', '5 min ago', '3 h ago', 'Yesterday', 'Tuesday', '21 Nov', '21 Nov 2025'. */
export function relativeTime(then: Date, now: Date): string {
  const ago = now.getTime() - then.getTime();
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  const days = londonDaysBetween(then, now);
  if (days === 0) return `${Math.floor(ago / HOUR)} h ago`;
  if (days === 1) return 'Yesterday';
  if (days < 7) return weekday.format(then);
  return utcToLondon(then).date.slice(0, 4) === utcToLondon(now).date.slice(0, 4) ? dayMonth.format(then) : dayMonthYear.format(then);
}

/** The divider above the first message of a day: 'Today', 'Yesterday' or 'Sat 21 Nov 2026'. */
export function dayLabel(then: Date, now: Date): string {
  const days = londonDaysBetween(then, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return formatLondonDate(then);
}

/** A bubble's time: '09:30'. */
export function bubbleTime(at: Date): string {
  return formatLondonTime(at);
}

/** The session in the conversation header: 'Sat 21 Nov 2026, 10:00'. */
export function sessionWhen(at: Date): string {
  return `${formatLondonDate(at)}, ${formatLondonTime(at)}`;
}

export function sameLondonDay(a: Date, b: Date): boolean {
  return londonDayNumber(a) === londonDayNumber(b);
}
