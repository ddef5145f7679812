import * as z from 'zod';
import { DAY_MS } from '../shared/clock';
import { londonToUtc, utcToLondon } from '../shared/london-time';
import { DATE_PATTERN, TIME_PATTERN, formBoolean, optionalText } from '../validation/fields';

/** SPEC §5 availability: a date range is required, end after start, nothing in the past. */
export const AVAILABILITY_MESSAGES = {
  rangeRequired: 'Please select a date range',
  endAfterStart: 'End date must be after start date',
  notInPast: 'Availability cannot start in the past',
  invalidTime: 'Please enter a time as HH:MM',
  locationTooLong: 'Location must be 200 characters or fewer',
  notesTooLong: 'Notes must be 500 characters or fewer',
  confirmDelete: 'Are you sure you want to delete this availability period?',
  saveFailed: 'Failed to save availability',
  deleteFailed: 'Failed to delete availability',
} as const;

const optionalField = (pattern: RegExp) => z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), z.string().trim().regex(pattern).optional());

/** The day after a YYYY-MM-DD date. */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(d.getTime() + DAY_MS).toISOString().slice(0, 10);
}

/**
 * The range picker's form: London dates (YYYY-MM-DD), optional times. Without times a period
 * covers whole days: from the start date's midnight to the end of the end date. Output adds
 * `startsAt` and `endsAt` (UTC instants). The start may be earlier today but not on a past day.
 */
export function availabilityPeriodSchema(now: Date) {
  return z
    .object({
      startDate: optionalField(DATE_PATTERN),
      endDate: optionalField(DATE_PATTERN),
      startTime: optionalField(TIME_PATTERN),
      endTime: optionalField(TIME_PATTERN),
      locationOverride: optionalText(200, AVAILABILITY_MESSAGES.locationTooLong),
      notes: optionalText(500, AVAILABILITY_MESSAGES.notesTooLong),
      isAvailable: z.preprocess((v) => (v === undefined ? true : v), formBoolean()),
    })
    .transform((form, ctx) => {
      if (!form.startDate || !form.endDate) {
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: AVAILABILITY_MESSAGES.rangeRequired });
        return z.NEVER;
      }
      const startsAt = londonToUtc(form.startDate, form.startTime ?? '00:00');
      const endsAt = form.endTime ? londonToUtc(form.endDate, form.endTime) : londonToUtc(nextDay(form.endDate), '00:00');
      if (!startsAt || !endsAt) {
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: AVAILABILITY_MESSAGES.rangeRequired });
        return z.NEVER;
      }
      if (endsAt.getTime() <= startsAt.getTime()) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: AVAILABILITY_MESSAGES.endAfterStart });
        return z.NEVER;
      }
      if (form.startDate < utcToLondon(now).date) {
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: AVAILABILITY_MESSAGES.notInPast });
        return z.NEVER;
      }
      return { ...form, startsAt, endsAt };
    });
}
export type AvailabilityPeriodForm = z.output<ReturnType<typeof availabilityPeriodSchema>>;
