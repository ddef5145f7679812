import { addDaysToIsoDate, utcToLondon } from '../shared/london-time';
import { BOOKING_WINDOW_DAYS } from './booking-limits';

/**
 * PRODUCT.md's booking window, counted in London calendar days: sessions from today to 90 days
 * ahead. It sits below both availability (the slot engine's horizon) and booking (the server's
 * checks), so both read the same rule.
 */

// The slot engine and the booking dialog ask this for many slots with one `now`.
let lastFor: { now: number; date: string } | null = null;

/** The last London date of the booking window that opens today. */
export function lastBookableDate(now: Date): string {
  if (lastFor?.now !== now.getTime()) lastFor = { now: now.getTime(), date: addDaysToIsoDate(utcToLondon(now).date, BOOKING_WINDOW_DAYS) };
  return lastFor.date;
}

/** Whether a session starting then falls on a London date inside the window that opens today. */
export function isWithinBookingWindow(startsAt: Date, now: Date): boolean {
  return utcToLondon(startsAt).date <= lastBookableDate(now);
}
