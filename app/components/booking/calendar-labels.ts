/**
 * The date picker's words, from fixed English names rather than Intl: a month of day buttons
 * asked Intl.DateTimeFormat for ~60 names on every render of the booking dialog, ~15 ms at a
 * phone's 4x CPU (issue 20 §4). The product speaks en-GB only; calendar-labels.test.ts holds
 * these names equal to Intl's.
 */
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** 'Wednesday 13 January 2027' for a UTC midnight. */
export function dayLabel(d: Date): string {
  return `${WEEKDAY_NAMES[d.getUTCDay()]} ${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** 'January 2027' for a UTC date in that month. */
export function monthLabel(d: Date): string {
  return `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
