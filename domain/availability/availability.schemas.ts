import * as z from 'zod';
import { DAY_MS } from '../shared/clock';
import { londonToUtc, utcToLondon } from '../shared/london-time';
import { DATE_PATTERN, formBoolean, optionalText } from '../validation/fields';
import { isQuarterHour, minutesOf } from './clock-times';

/** SPEC §5 availability: a date range is required, end after start, nothing in the past. */
export const AVAILABILITY_MESSAGES = {
  rangeRequired: 'Please select a date range',
  endAfterStart: 'End date must be after start date',
  notInPast: 'Availability cannot start in the past',
  invalidTime: 'Please choose a time on the quarter hour',
  bothTimes: 'Please choose both From and Until, or neither',
  untilAfterFrom: 'Until must be after From',
  locationTooLong: 'Location must be 200 characters or fewer',
  notesTooLong: 'Notes must be 500 characters or fewer',
  confirmDelete: 'Are you sure you want to delete this availability period?',
  saveFailed: 'Failed to save availability',
  deleteFailed: 'Failed to delete availability',
} as const;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const optionalField = (pattern: RegExp) => z.preprocess(blankToUndefined, z.string().trim().regex(pattern).optional());
const optionalTime = z.preprocess(blankToUndefined, z.string({ error: AVAILABILITY_MESSAGES.invalidTime }).trim().refine(isQuarterHour, AVAILABILITY_MESSAGES.invalidTime).optional());

/** The day after a YYYY-MM-DD date. */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(d.getTime() + DAY_MS).toISOString().slice(0, 10);
}

/**
 * The exception form: London dates (YYYY-MM-DD) from the range picker, optional daily times
 * (decision 044). The period's instants are the start date's midnight and the end of the end
 * date; with From and Until it covers those hours on each of its dates, without them whole
 * days. Output adds `startsAt` and `endsAt` (UTC instants). The start may be today, never a past day.
 */
export function availabilityPeriodSchema(now: Date) {
  return z
    .object({
      startDate: optionalField(DATE_PATTERN),
      endDate: optionalField(DATE_PATTERN),
      dailyStart: optionalTime,
      dailyEnd: optionalTime,
      locationOverride: optionalText(200, AVAILABILITY_MESSAGES.locationTooLong),
      notes: optionalText(500, AVAILABILITY_MESSAGES.notesTooLong),
      isAvailable: z.preprocess((v) => (v === undefined ? true : v), formBoolean()),
    })
    .transform((form, ctx) => {
      if (!form.startDate || !form.endDate) {
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: AVAILABILITY_MESSAGES.rangeRequired });
        return z.NEVER;
      }
      const startsAt = londonToUtc(form.startDate, '00:00');
      const endsAt = londonToUtc(nextDay(form.endDate), '00:00');
      if (!startsAt || !endsAt) {
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: AVAILABILITY_MESSAGES.rangeRequired });
        return z.NEVER;
      }
      if (endsAt.getTime() <= startsAt.getTime()) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: AVAILABILITY_MESSAGES.endAfterStart });
        return z.NEVER;
      }
      if ((form.dailyStart === undefined) !== (form.dailyEnd === undefined)) {
        ctx.addIssue({ code: 'custom', path: [form.dailyStart ? 'dailyEnd' : 'dailyStart'], message: AVAILABILITY_MESSAGES.bothTimes });
        return z.NEVER;
      }
      if (form.dailyStart && form.dailyEnd && minutesOf(form.dailyEnd) <= minutesOf(form.dailyStart)) {
        ctx.addIssue({ code: 'custom', path: ['dailyEnd'], message: AVAILABILITY_MESSAGES.untilAfterFrom });
        return z.NEVER;
      }
      if (form.startDate < utcToLondon(now).date) {
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: AVAILABILITY_MESSAGES.notInPast });
        return z.NEVER;
      }
      return { ...form, dailyStart: form.dailyStart ?? null, dailyEnd: form.dailyEnd ?? null, startsAt, endsAt };
    });
}
export type AvailabilityPeriodForm = z.output<ReturnType<typeof availabilityPeriodSchema>>;
