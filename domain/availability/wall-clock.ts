import { addDaysToIsoDate, londonToUtc, utcToLondon } from '../shared/london-time';
import type { ClockTime } from './schedule';

/**
 * London wall-clock arithmetic for the slot engine: minutes of the day, and the instant of a wall
 * time on a date, knowing that one hour of the last Sunday of March never happens.
 */

/** 'HH:MM' → minutes since midnight; '24:00' is the day's end. */
export function clockMinutes(time: ClockTime): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Minutes since midnight → 'HH:MM'. */
export function clockText(minutes: number): ClockTime {
  return `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

/** The instant of a wall time on a London date, or null when the clocks skip it (spring forward). */
export function existingInstant(date: string, minutes: number): Date | null {
  const time = clockText(minutes);
  const instant = londonToUtc(date, time);
  if (!instant) return null;
  const back = utcToLondon(instant);
  return back.date === date && back.time === time ? instant : null;
}

/**
 * Where a wall time on a date falls as a bound: its instant, or for a time the clocks skip, the
 * instant the skipped hour collapses to (the first wall time after it). '24:00' is the next
 * date's midnight.
 */
export function boundInstant(date: string, minutes: number): Date {
  if (minutes >= 24 * 60) return boundInstant(addDaysToIsoDate(date, 1), minutes - 24 * 60);
  for (let m = minutes; m < 24 * 60; m++) {
    const instant = existingInstant(date, m);
    if (instant) return instant;
  }
  return boundInstant(addDaysToIsoDate(date, 1), 0);
}
