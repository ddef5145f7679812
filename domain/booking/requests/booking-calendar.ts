import { MINUTE_MS } from '../../shared/clock';
import { londonToUtc, utcToLondon } from '../../shared/london-time';
import { bookingTimeSlots } from '../../validation/booking-limits';
import { isWithinBookingWindow, lastBookableDate } from '../lifecycle/booking-rules';
import { isWithinAvailability, type AvailabilityWindow } from './coach-directory';

/**
 * What the booking dialog shows of a coach's calendar (SPEC §2, issue 6): the days from today to
 * 90 days ahead (London calendar days), each day's hourly slots 09:00–20:00 and whether a slot can
 * be asked for. The same rules the server applies (availability periods, a confirmed session at
 * that time), so the dialog only offers what requestBooking will accept.
 */

/** A time the coach already has a confirmed or in-session booking. */
export interface BusyInterval {
  readonly startsAt: Date;
  readonly endsAt: Date;
}

export type SlotState = 'available' | 'taken' | 'unavailable' | 'past';

export interface Slot {
  /** London wall-clock 'HH:MM'. */
  readonly time: string;
  readonly state: SlotState;
}

export interface CoachCalendar {
  readonly availability: readonly AvailabilityWindow[];
  readonly busy: readonly BusyInterval[];
}

/** The first and last London dates of the booking window: today and 90 days ahead (PRODUCT.md). */
export function bookingWindowBounds(now: Date): { today: string; lastDay: string } {
  return { today: utcToLondon(now).date, lastDay: lastBookableDate(now) };
}

const overlaps = (a: BusyInterval, s: number, e: number) => a.startsAt.getTime() < e && s < a.endsAt.getTime();

/** The state of one slot for a session of `durationMinutes` starting then. */
export function slotState(date: string, time: string, durationMinutes: number, calendar: CoachCalendar, now: Date): SlotState {
  const startsAt = londonToUtc(date, time);
  if (!startsAt || startsAt.getTime() <= now.getTime() || !isWithinBookingWindow(startsAt, now)) return 'past';
  const endsAt = new Date(startsAt.getTime() + durationMinutes * MINUTE_MS);
  if (calendar.busy.some((b) => overlaps(b, startsAt.getTime(), endsAt.getTime()))) return 'taken';
  if (!isWithinAvailability(calendar.availability, startsAt, endsAt)) return 'unavailable';
  return 'available';
}

/** The dialog's hourly slots 09:00–20:00 on a London date. */
export function daySlots(date: string, durationMinutes: number, calendar: CoachCalendar, now: Date): Slot[] {
  return bookingTimeSlots().map((time) => ({ time, state: slotState(date, time, durationMinutes, calendar, now) }));
}

/** A day can be picked when at least one of its slots can be booked. */
export function isDayBookable(date: string, durationMinutes: number, calendar: CoachCalendar, now: Date): boolean {
  return daySlots(date, durationMinutes, calendar, now).some((s) => s.state === 'available');
}

/** Port: the coach's confirmed or in-session bookings overlapping [from, to). */
export interface CoachScheduleReader {
  busyIntervals(coachId: string, from: Date, to: Date): Promise<BusyInterval[]>;
}
