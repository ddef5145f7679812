/**
 * A coach's bookable time as the slot engine reads it (PRODUCT.md 'Availability: weekly hours,
 * exceptions and rules'; decision 044). Wall-clock times are Europe/London; instants are UTC.
 */

/** ISO weekday: Monday 1 … Sunday 7. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

/** The weekdays' names, as the Availability page and its messages say them. */
export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

/** London wall-clock 'HH:MM'. */
export type ClockTime = string;

/** One range of a weekday's hours: sessions may start at `start` and must end by `end`. */
export interface WeeklyRange {
  readonly weekday: Weekday;
  readonly start: ClockTime;
  readonly end: ClockTime;
  /** Where sessions in this range usually happen; the booking's default location. */
  readonly location: string | null;
}

export const SLOT_STEPS = [15, 30, 60] as const;
export type SlotStepMinutes = (typeof SLOT_STEPS)[number];

/** The coach's rules around every session. */
export interface SchedulingRules {
  /** Start times every 15, 30 or 60 minutes from each range's start. */
  readonly slotStepMinutes: SlotStepMinutes;
  /** Travel before and after a session, 0–60 minutes; sessions' buffered windows never overlap. */
  readonly bufferBeforeMinutes: number;
  readonly bufferAfterMinutes: number;
  /** No start sooner than this after now, 0–72 hours. */
  readonly minimumNoticeMinutes: number;
  /** At most this many confirmed sessions on a London date; null: no cap. */
  readonly maxSessionsPerDay: number | null;
}

export const BUFFER_MAX_MINUTES = 60;
export const NOTICE_MAX_MINUTES = 72 * 60;
export const MAX_SESSIONS_PER_DAY_LIMIT = 24;

/** What a coach who never set rules has: hourly starts, no buffers, 2 hours' notice, no cap. */
export const DEFAULT_SCHEDULING_RULES: SchedulingRules = {
  slotStepMinutes: 60,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 120,
  maxSessionsPerDay: null,
};

/**
 * An exception on the calendar (SPEC §3's availability period).
 * - `blocked`: not available for [startsAt, endsAt) (a day or a range of days off, or some hours).
 * - `added`: available for [startsAt, endsAt), in addition to the weekly hours (a SPEC period
 *   saved as one continuous block).
 * - `hours`: on each London date fromDate…toDate the day's hours are start–end, in place of that
 *   weekday's weekly hours (on a day with no weekly hours this adds them).
 */
export type ScheduleException =
  | { readonly kind: 'blocked'; readonly startsAt: Date; readonly endsAt: Date }
  | { readonly kind: 'added'; readonly startsAt: Date; readonly endsAt: Date; readonly location: string | null }
  | { readonly kind: 'hours'; readonly fromDate: string; readonly toDate: string; readonly start: ClockTime; readonly end: ClockTime; readonly location: string | null };

/** A span of time that is taken: a confirmed or in-session booking, or a busy event on the coach's own calendar. */
export interface BusySpan {
  readonly startsAt: Date;
  readonly endsAt: Date;
}

/** Everything the engine needs to know about one coach. */
export interface CoachSchedule {
  /** Empty: the coach has not set weekly hours, and SPEC's default grid applies. */
  readonly weeklyHours: readonly WeeklyRange[];
  readonly rules: SchedulingRules;
  readonly exceptions: readonly ScheduleException[];
  /** Confirmed and in-session bookings (the one being rescheduled left out); each carries the coach's buffers. */
  readonly sessions: readonly BusySpan[];
  /** Busy events from the coach's linked calendar. */
  readonly externalBusy: readonly BusySpan[];
}

/**
 * Which default grid a coach without weekly hours gets: SPEC's booking dialog offers hourly starts
 * 09:00–20:00, its reschedule dialog half-hourly starts 06:00–22:00.
 */
export type SlotPurpose = 'booking' | 'reschedule';

/** A start time the engine offers. */
export interface OfferedSlot {
  readonly startsAt: Date;
  /** London date 'YYYY-MM-DD' and wall-clock 'HH:MM' of the start. */
  readonly date: string;
  readonly time: ClockTime;
  /** The range's location, if it carries one. */
  readonly location: string | null;
}
