import * as z from 'zod';
import { invalid } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { optionalText } from '../validation/fields';
import { isQuarterHour, minutesOf } from './clock-times';
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday, type WeeklyRange } from './schedule';

/** Enough for a split day (morning, lunch, evening …); more is a mistake, not a schedule. */
export const MAX_RANGES_PER_DAY = 6;

export const WEEKLY_HOURS_MESSAGES = {
  weekday: 'Please choose a day of the week',
  time: (day: string, field: 'From' | 'Until') => `${day}: please choose ${field === 'From' ? 'a From' : 'an Until'} time on the quarter hour`,
  endAfterStart: (day: string) => `${day}: Until must be after From`,
  overlap: (day: string, a: string, b: string) => `${day}: ${a} overlaps ${b}. Change or remove one of them.`,
  tooMany: (day: string) => `${day}: at most ${MAX_RANGES_PER_DAY} ranges a day`,
  locationTooLong: (day: string) => `${day}: location must be 200 characters or fewer`,
  invalid: 'Please check your weekly hours and try again.',
} as const;

/** One range as a form or a caller sends it, before it is checked. */
export interface WeeklyRangeInput {
  readonly weekday: unknown;
  readonly start: unknown;
  readonly end: unknown;
  readonly location?: unknown;
}

const weekdaySchema = z.coerce.number().int().min(1).max(7);
const locationSchema = optionalText(200, 'too long');
const label = (r: Pick<WeeklyRange, 'start' | 'end'>) => `${r.start}–${r.end}`;

/**
 * A whole week of ranges, checked: each on a weekday, From and Until on the quarter hour, From
 * before Until, ranges of one day not overlapping (touching is fine: 09:00–12:00 and
 * 12:00–15:00), at most MAX_RANGES_PER_DAY a day, location at most 200 characters. Errors are
 * keyed `ranges.<index>.<field>` in the order given; the result is sorted by day and start.
 */
export function validateWeeklyHours(input: readonly WeeklyRangeInput[]): Result<WeeklyRange[]> {
  const fieldErrors: Record<string, string[]> = {};
  const fail = (key: string, message: string) => (fieldErrors[key] ??= []).push(message);
  const checked: { index: number; range: WeeklyRange }[] = [];
  input.forEach((raw, index) => {
    const weekday = weekdaySchema.safeParse(raw.weekday);
    if (!weekday.success) return fail(`ranges.${index}.weekday`, WEEKLY_HOURS_MESSAGES.weekday);
    const day = WEEKDAY_NAMES[weekday.data as Weekday];
    const start = typeof raw.start === 'string' ? raw.start.trim() : '';
    const end = typeof raw.end === 'string' ? raw.end.trim() : '';
    if (!isQuarterHour(start)) return fail(`ranges.${index}.start`, WEEKLY_HOURS_MESSAGES.time(day, 'From'));
    if (!isQuarterHour(end)) return fail(`ranges.${index}.end`, WEEKLY_HOURS_MESSAGES.time(day, 'Until'));
    if (minutesOf(end) <= minutesOf(start)) return fail(`ranges.${index}.end`, WEEKLY_HOURS_MESSAGES.endAfterStart(day));
    const location = locationSchema.safeParse(raw.location ?? null);
    if (!location.success) return fail(`ranges.${index}.location`, WEEKLY_HOURS_MESSAGES.locationTooLong(day));
    checked.push({ index, range: { weekday: weekday.data as Weekday, start, end, location: location.data ?? null } });
  });
  for (const weekday of WEEKDAYS) {
    const day = WEEKDAY_NAMES[weekday];
    const ofDay = checked.filter((c) => c.range.weekday === weekday).sort((a, b) => minutesOf(a.range.start) - minutesOf(b.range.start));
    if (ofDay.length > MAX_RANGES_PER_DAY) fail(`ranges.${ofDay[MAX_RANGES_PER_DAY]!.index}.start`, WEEKLY_HOURS_MESSAGES.tooMany(day));
    for (let i = 1; i < ofDay.length; i++) {
      const before = ofDay[i - 1]!;
      const current = ofDay[i]!;
      if (minutesOf(current.range.start) < minutesOf(before.range.end)) fail(`ranges.${current.index}.start`, WEEKLY_HOURS_MESSAGES.overlap(day, label(current.range), label(before.range)));
    }
  }
  const keys = Object.keys(fieldErrors).sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]));
  if (keys.length > 0) return err(invalid('VALIDATION_FAILED', fieldErrors[keys[0]!]![0] ?? WEEKLY_HOURS_MESSAGES.invalid, fieldErrors));
  return ok(checked.map((c) => c.range).sort((a, b) => a.weekday - b.weekday || minutesOf(a.start) - minutesOf(b.start)));
}

const list = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/**
 * The week view's form: parallel lists `weekday[]`, `start[]`, `end[]`, `location[]`, one entry
 * per range (a day switched off sends none). Lists of different lengths are a forged form.
 */
export function weeklyRangesFromForm(form: Readonly<Record<string, unknown>>): Result<WeeklyRangeInput[]> {
  const [weekdays, starts, ends, locations] = [list(form.weekday), list(form.start), list(form.end), list(form.location)];
  if (starts.length !== weekdays.length || ends.length !== weekdays.length || (locations.length !== 0 && locations.length !== weekdays.length)) {
    return err(invalid('VALIDATION_FAILED', WEEKLY_HOURS_MESSAGES.invalid));
  }
  return ok(weekdays.map((weekday, i) => ({ weekday, start: starts[i], end: ends[i], location: locations[i] ?? null })));
}
