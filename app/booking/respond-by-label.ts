import { splitStart } from './booking-card-labels';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * 'Tue 8 Dec, 14:05' from a London wall-clock 'YYYY-MM-DDTHH:MM'. No year: a response deadline
 * is never more than 6 days away.
 */
export function respondByLabel(londonStart: string): string {
  const { date, time } = splitStart(londonStart);
  // Noon UTC falls on the same calendar date as the London date it stands for.
  const day = new Date(`${date}T12:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}, ${time}`;
}
