import type { ClockTime } from './schedule';

/** 'HH:MM' on the 24-hour clock, 00:00–23:59. */
export const CLOCK_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes after midnight of a 'HH:MM' time (the caller checked its shape). */
export function minutesOf(time: ClockTime): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** 'HH:MM' of minutes after midnight. */
export function clockOf(minutes: number): ClockTime {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export const isQuarterHour = (time: ClockTime): boolean => CLOCK_PATTERN.test(time) && minutesOf(time) % 15 === 0;

/** Every quarter hour of a day, 00:00 … 23:45: the times a coach picks from. */
export const QUARTER_HOURS: readonly ClockTime[] = Array.from({ length: 96 }, (_, i) => clockOf(i * 15));
