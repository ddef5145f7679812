import { splitStart } from './booking-card-labels';

/**
 * The words of a pending reschedule on both parties' cards. Pure and free of Intl, as the card's
 * other labels, so the server's render and the browser's write the same text.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A London wall-clock 'YYYY-MM-DDTHH:MM' as 'Thu 10 Dec, 17:30' (the year is left out: a proposal is at most 90 days ahead). */
export function shortStartLabel(start: string): string {
  const { date, time } = splitStart(start);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // The weekday of a calendar date is the same in every time zone at noon UTC.
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day, 12)).getUTCDay()];
  return `${weekday} ${day} ${MONTHS[month - 1]}, ${time}`;
}

/** 'Proposed new time: Thu 10 Dec, 17:30' */
export function proposedTimeLabel(proposedStart: string): string {
  return `Proposed new time: ${shortStartLabel(proposedStart)}`;
}
