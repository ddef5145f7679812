import { addDaysToIsoDate, formatLondonTime, utcToLondon } from '../../domain/shared/london-time';

const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short' });
const dayAndMonth = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short' });

/**
 * When a coach can next be booked, as a card says it in London time: 'Today 17:30',
 * 'Tomorrow 09:00', 'Tue 17:30' within the week, 'Tue 8 Dec 17:30' beyond it.
 */
export function nextAvailableLabel(startsAt: Date, now: Date): string {
  const today = utcToLondon(now).date;
  const day = utcToLondon(startsAt).date;
  const time = formatLondonTime(startsAt);
  if (day === today) return `Today ${time}`;
  if (day === addDaysToIsoDate(today, 1)) return `Tomorrow ${time}`;
  if (day < addDaysToIsoDate(today, 7)) return `${weekday.format(startsAt)} ${time}`;
  return `${dayAndMonth.format(startsAt).replace(',', '')} ${time}`;
}
