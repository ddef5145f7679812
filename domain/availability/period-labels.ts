import { LONDON, utcToLondon } from '../shared/london-time';
import type { AvailabilityPeriod } from './availability-period';

type Labelled = Pick<AvailabilityPeriod, 'startsAt' | 'endsAt' | 'dailyStart' | 'dailyEnd' | 'isAvailable'>;

const withYear = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const withoutYear = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, weekday: 'short', day: 'numeric', month: 'short' });
/** 'Mon 21 Dec 2026' (Intl puts a comma after the weekday; the compact list reads better without). */
const day = (instant: Date, year: boolean) => (year ? withYear : withoutYear).format(instant).replace(',', '');

/** Whether the period is whole London days (from one midnight to another), as daily-time periods are. */
export function isWholeDays(p: Pick<AvailabilityPeriod, 'startsAt' | 'endsAt'>): boolean {
  return utcToLondon(p.startsAt).time === '00:00' && utcToLondon(p.endsAt).time === '00:00';
}

/**
 * The dates of a period: 'Thu 24 Dec 2026', 'Mon 21 Dec – Sun 27 Dec 2026', 'Mon 28 Dec 2026 –
 * Sun 3 Jan 2027'; a block with times names them: 'Thu 3 Dec 2026 17:00 – Sun 31 Jan 2027 20:00'.
 */
export function describeDates(p: Pick<AvailabilityPeriod, 'startsAt' | 'endsAt'>): string {
  const whole = isWholeDays(p);
  const last = new Date(p.endsAt.getTime() - (whole ? 1 : 0));
  const [from, to] = [utcToLondon(p.startsAt), utcToLondon(last)];
  if (!whole) return from.date === to.date ? `${day(p.startsAt, true)} ${from.time}–${to.time}` : `${day(p.startsAt, true)} ${from.time} – ${day(last, true)} ${to.time}`;
  if (from.date === to.date) return day(p.startsAt, true);
  return `${day(p.startsAt, from.date.slice(0, 4) !== to.date.slice(0, 4))} – ${day(last, true)}`;
}

/** What kind of exception it is, as the list's first words: 'Off', 'Off 14:00–16:00', 'Hours 09:00–12:00', 'Available'. */
export function describeKind(p: Labelled): string {
  const hours = p.dailyStart && p.dailyEnd ? ` ${p.dailyStart}–${p.dailyEnd}` : '';
  if (!p.isAvailable) return `Off${hours}`;
  return hours ? `Hours${hours}` : 'Available';
}

/** The period in a sentence ('time off Mon 21 Dec – Sun 27 Dec 2026', 'hours 09:00–12:00 on Thu 24 Dec 2026'). */
export function describePeriod(p: Labelled): string {
  const hours = p.dailyStart && p.dailyEnd ? ` ${p.dailyStart}–${p.dailyEnd}` : '';
  const dates = describeDates(p);
  if (!p.isAvailable) return hours ? `time off${hours} on ${dates}` : `time off ${dates}`;
  return hours ? `hours${hours} on ${dates}` : `available time ${dates}`;
}
