import { DAY_MS } from '../../shared/clock';
import { addDaysToIsoDate, londonToUtc, utcToLondon } from '../../shared/london-time';
import { BOOKING_WINDOW_DAYS } from '../../validation/booking-limits';
import { lastBookableDate } from '../../validation/booking-window';

/** The first and last London dates of the booking window: today and 90 days ahead (PRODUCT.md). */
export function bookingWindowBounds(now: Date): { today: string; lastDay: string } {
  return { today: utcToLondon(now).date, lastDay: lastBookableDate(now) };
}

/** The instants the booking window covers, from now to the end of its last London date: what the slot engine reads. */
export function bookingWindowSpan(now: Date): { from: Date; to: Date } {
  const next = addDaysToIsoDate(lastBookableDate(now), 1);
  return { from: now, to: londonToUtc(next, '00:00') ?? new Date(now.getTime() + (BOOKING_WINDOW_DAYS + 2) * DAY_MS) };
}
