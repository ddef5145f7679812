import { idSchema } from '../shared/ids';
import * as z from 'zod';
import { COACHING_TYPES, DEFAULT_LOCATION_TYPE, LOCATION_TYPES } from '../shared/catalogue';
import { DAY_MS } from '../shared/clock';
import { londonToUtc } from '../shared/london-time';
import { sanitiseText } from '../shared/sanitise';
import { DATE_PATTERN, TIME_PATTERN, cleanString, formNumber, optionalText, requiredText } from './fields';
import { BOOKING_MESSAGES, BOOKING_WINDOW_DAYS, MAX_SESSION_MINUTES, MIN_SESSION_MINUTES } from './booking-limits';

/** The booking form's answer 'the session is for me' (the client themself, no player). */
export const SELF_PLAYER = 'self';

/**
 * SPEC §5 / PRODUCT.md: the forms around a booking (booking dialog, cancel, decline, reschedule,
 * report issue, reference search). The booking lifecycle itself lives in domain/booking; these
 * schemas only say what a well-formed request looks like.
 */

/** The limits and words live in booking-limits.ts (zod-free); re-exported for the server side. */
export {
  BOOKING_DIALOG_DURATIONS,
  BOOKING_MESSAGES,
  BOOKING_SLOT_HOURS,
  BOOKING_WINDOW_DAYS,
  MAX_SESSION_MINUTES,
  MIN_SESSION_MINUTES,
  RESCHEDULE_SLOT_RANGE,
  bookingTimeSlots,
  rescheduleTimeSlots,
} from './booking-limits';

const durationMinutes = formNumber(BOOKING_MESSAGES.durationRequired).pipe(
  z.number().int(BOOKING_MESSAGES.durationWhole).min(MIN_SESSION_MINUTES, BOOKING_MESSAGES.durationMin).max(MAX_SESSION_MINUTES, BOOKING_MESSAGES.durationMax),
);

const dateField = (message: string) => z.string({ error: message }).trim().regex(DATE_PATTERN, message);
const timeField = (message: string) => z.string({ error: message }).trim().regex(TIME_PATTERN, message);

/**
 * The booking dialog (SPEC §2, PRODUCT.md): service type among the six coaching types (whether
 * the coach offers it is the booking domain's check), a London date and time in the future and
 * at most 90 days ahead, a duration of 30–240 minutes, a location and notes.
 * Output adds `startsAt`, the UTC instant of the London date and time.
 */
// The fields are one schema made at start-up: zod compiles an object's parser on its first use,
// and a schema made per request (it closed over `now`) was compiled again for every booking.
// Only the check against `now` is added per call.
const bookingFormFields = z
  .object({
    serviceType: z.enum(COACHING_TYPES, { error: BOOKING_MESSAGES.invalidServiceType }),
    date: dateField(BOOKING_MESSAGES.dateRequired),
    time: timeField(BOOKING_MESSAGES.timeRequired),
    durationMinutes,
    locationType: z.preprocess((v) => (v === undefined || v === null || v === '' ? DEFAULT_LOCATION_TYPE : v), z.enum(LOCATION_TYPES, { error: BOOKING_MESSAGES.invalidLocationType })),
    locationAddress: optionalText(200, BOOKING_MESSAGES.addressTooLong),
    locationNotes: optionalText(500, BOOKING_MESSAGES.notesTooLong),
    clientNotes: optionalText(500, BOOKING_MESSAGES.notesTooLong),
    /**
     * Who the session is for (decision 017): one of the client's players, or 'self' for the
     * client. Blank is no answer, which only a client without players may give.
     */
    playerId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.union([z.literal(SELF_PLAYER), idSchema]).optional()),
    /** How the session is paid (decision 060): one of the client's packages, or blank / 'card' for a card payment of its own. */
    packagePurchaseId: z.preprocess((v) => (v === '' || v === null || v === 'card' ? undefined : v), idSchema.optional()),
  })
  .transform((form, ctx) => {
    const startsAt = londonToUtc(form.date, form.time);
    if (!startsAt) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: BOOKING_MESSAGES.dateRequired });
      return z.NEVER;
    }
    return { ...form, startsAt };
  });

export function bookingFormSchema(now: Date) {
  return bookingFormFields.superRefine((form, ctx) => {
    if (form.startsAt.getTime() <= now.getTime()) ctx.addIssue({ code: 'custom', path: ['date'], message: BOOKING_MESSAGES.inFuture });
    else if (form.startsAt.getTime() > now.getTime() + (BOOKING_WINDOW_DAYS + 1) * DAY_MS) ctx.addIssue({ code: 'custom', path: ['date'], message: BOOKING_MESSAGES.tooFarAhead });
  });
}
export type BookingForm = z.output<ReturnType<typeof bookingFormSchema>>;

/**
 * 'Repeat weekly' (decision 062): every session's London start as 'YYYY-MM-DDTHH:MM', the
 * chosen one included; 2–12 of them (the domain checks the count and that each is offered).
 */
export const seriesStartsSchema = z.object({
  seriesStarts: z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : v),
    z
      .array(
        z
          .string()
          .trim()
          .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, BOOKING_MESSAGES.seriesDate)
          .transform((v, ctx) => {
            const at = londonToUtc(v.slice(0, 10), v.slice(11));
            if (!at) ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.seriesDate });
            return at ?? new Date(0);
          }),
        { error: BOOKING_MESSAGES.seriesDate },
      )
      .max(12, BOOKING_MESSAGES.seriesDate),
  ),
});

/** SPEC §5: a client's cancellation reason is required. */
export const cancellationReasonSchema = z.object({
  reason: requiredText(BOOKING_MESSAGES.cancellationReason, 500, BOOKING_MESSAGES.reasonTooLong),
});

/** SPEC §2/§5: a coach's decline reason is required and shared with the client. */
export const declineReasonSchema = z.object({
  reason: requiredText(BOOKING_MESSAGES.declineReason, 500, BOOKING_MESSAGES.reasonTooLong),
});

/** SPEC §5: reporting a session issue needs a description. */
export const sessionIssueSchema = z.object({
  description: requiredText(BOOKING_MESSAGES.issueDescription, 2000, BOOKING_MESSAGES.descriptionTooLong),
});

/** SPEC §2: completing before the scheduled end needs a reason. */
export const earlyCompletionReasonSchema = z.object({
  reason: requiredText(BOOKING_MESSAGES.earlyCompletionReason, 500, BOOKING_MESSAGES.reasonTooLong),
});

/**
 * SPEC §5 reschedule: date and time both required, the proposal in the future, reason ≤ 500.
 * Output adds `proposedAt`, the UTC instant of the London date and time.
 */
const rescheduleFields = z
  .object({
    date: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().optional()),
    time: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().optional()),
    reason: optionalText(500, BOOKING_MESSAGES.reasonTooLong),
  })
  .transform((form, ctx) => {
    const { date, time } = form;
    const proposedAt = date && time && DATE_PATTERN.test(date) && TIME_PATTERN.test(time) ? londonToUtc(date, time) : null;
    if (!date || !time || !proposedAt) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: BOOKING_MESSAGES.rescheduleDateTime });
      return z.NEVER;
    }
    return { date, time, reason: form.reason ?? null, proposedAt };
  });

/** Made once, as the booking form: only the check against `now` is per call. */
export function rescheduleSchema(now: Date) {
  return rescheduleFields.superRefine((form, ctx) => {
    if (form.proposedAt.getTime() <= now.getTime()) ctx.addIssue({ code: 'custom', path: ['date'], message: BOOKING_MESSAGES.rescheduleFuture });
  });
}
export type RescheduleForm = z.output<ReturnType<typeof rescheduleSchema>>;

/** SPEC §5: a booking reference search needs text once trimmed; kept as typed, upper-cased. */
export const bookingReferenceSearchSchema = z.object({
  query: cleanString(BOOKING_MESSAGES.referenceSearchRequired)
    .min(1, BOOKING_MESSAGES.referenceSearchRequired)
    .max(64, BOOKING_MESSAGES.referenceSearchRequired)
    .overwrite((s) => s.toUpperCase()),
});

/** Helper for an input that is only submitted when it has text (the search button is disabled otherwise). */
export function isSearchable(text: string): boolean {
  return sanitiseText(text).trim().length > 0;
}
