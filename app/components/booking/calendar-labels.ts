/**
 * The date picker's words, from fixed English names: the server and the browser draw the same
 * day buttons whatever ICU version each carries (one writes 'Wednesday, 13 January', another
 * 'Wednesday 13 January'), so hydration never meets a different label. The product speaks
 * en-GB only.
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
