import * as z from 'zod';
import type { Actor } from '../policy/actor';
import { conflict, forbidden, invalid, notFound } from '../shared/errors';
import { isId, type Id } from '../shared/ids';
import { err, ok, type Result } from '../shared/result';
import { canManageAvailability } from '../policy/permissions';
import { CLOCK_PATTERN, minutesOf } from './clock-times';
import { describePeriod } from './period-labels';
import type { ClockTime } from './schedule';

/**
 * SPEC §3: a period a coach publishes on their calendar, as available (bookable) or not
 * (blocked): an exception to the weekly hours (decision 044). Instants are UTC; the calendar
 * shows them in London time. With daily times the period covers dailyStart–dailyEnd (London) on
 * each date of its range, and its instants are the London midnights around those dates;
 * without them it is one continuous block from startsAt to endsAt.
 */
export interface AvailabilityPeriod {
  readonly id: Id;
  readonly coachId: Id;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly dailyStart: ClockTime | null;
  readonly dailyEnd: ClockTime | null;
  readonly locationOverride: string | null;
  readonly notes: string | null;
  readonly isAvailable: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface AvailabilityDetails {
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly dailyStart?: ClockTime | null;
  readonly dailyEnd?: ClockTime | null;
  readonly locationOverride?: string | null;
  readonly notes?: string | null;
  readonly isAvailable?: boolean;
}

export const availabilityErrors = {
  notOwner: () => forbidden('NOT_AVAILABILITY_OWNER', 'Only the coach can change their availability.'),
  notFound: () => notFound('AVAILABILITY_NOT_FOUND', 'Availability period not found'),
  noCoachProfile: () => notFound('COACH_NOT_FOUND', 'Coach not found'),
  endBeforeStart: () => invalid('VALIDATION_FAILED', 'End date must be after start date', { endDate: ['End date must be after start date'] }),
  dailyTimes: () => invalid('VALIDATION_FAILED', DAILY_TIMES_MESSAGE, { dailyEnd: [DAILY_TIMES_MESSAGE] }),
  overlaps: (other: AvailabilityPeriod) => {
    const message = `This overlaps your ${describePeriod(other)}. Change or delete that one first.`;
    return conflict('AVAILABILITY_OVERLAP', message, { startDate: [message] });
  },
  invalidRecord: (detail: string) => invalid('INVALID_RECORD', `Stored availability period is invalid: ${detail}`),
} as const;

export const DAILY_TIMES_MESSAGE = 'Please choose both From and Until, with Until after From, or neither';

/** Daily times are both given or both absent, each 'HH:MM', From before Until. */
function dailyTimesValid(p: Pick<AvailabilityPeriod, 'dailyStart' | 'dailyEnd'>): boolean {
  if (p.dailyStart === null || p.dailyEnd === null) return p.dailyStart === p.dailyEnd;
  return CLOCK_PATTERN.test(p.dailyStart) && CLOCK_PATTERN.test(p.dailyEnd) && minutesOf(p.dailyStart) < minutesOf(p.dailyEnd);
}

/** A coach publishes a period on their own calendar. */
export function createAvailability(input: { id: Id; actor: Actor; coachId: Id; details: AvailabilityDetails }, now: Date): Result<AvailabilityPeriod> {
  if (!canManageAvailability(input.actor, input.coachId)) return err(availabilityErrors.notOwner());
  const d = input.details;
  if (d.endsAt.getTime() <= d.startsAt.getTime()) return err(availabilityErrors.endBeforeStart());
  const daily = { dailyStart: d.dailyStart ?? null, dailyEnd: d.dailyEnd ?? null };
  if (!dailyTimesValid(daily)) return err(availabilityErrors.dailyTimes());
  return ok({
    id: input.id,
    coachId: input.coachId,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    ...daily,
    locationOverride: d.locationOverride ?? null,
    notes: d.notes ?? null,
    isAvailable: d.isAvailable ?? true,
    createdAt: now,
    updatedAt: now,
  });
}

/** The owner changes a period (absent details stay as they were). */
export function updateAvailability(period: AvailabilityPeriod, actor: Actor, details: Partial<AvailabilityDetails>, now: Date): Result<AvailabilityPeriod> {
  if (!canManageAvailability(actor, period.coachId)) return err(availabilityErrors.notOwner());
  const next: AvailabilityPeriod = {
    ...period,
    startsAt: details.startsAt ?? period.startsAt,
    endsAt: details.endsAt ?? period.endsAt,
    dailyStart: details.dailyStart === undefined ? period.dailyStart : details.dailyStart,
    dailyEnd: details.dailyEnd === undefined ? period.dailyEnd : details.dailyEnd,
    locationOverride: details.locationOverride === undefined ? period.locationOverride : details.locationOverride,
    notes: details.notes === undefined ? period.notes : details.notes,
    isAvailable: details.isAvailable ?? period.isAvailable,
    updatedAt: now,
  };
  if (next.endsAt.getTime() <= next.startsAt.getTime()) return err(availabilityErrors.endBeforeStart());
  if (!dailyTimesValid(next)) return err(availabilityErrors.dailyTimes());
  return ok(next);
}

/** Only the owner removes a period. */
export function ensureCanDeleteAvailability(period: AvailabilityPeriod, actor: Actor): Result<void> {
  return canManageAvailability(actor, period.coachId) ? ok(undefined) : err(availabilityErrors.notOwner());
}

/** Periods for the calendar: by start time, with those already over left out. */
export function upcomingPeriods<P extends Pick<AvailabilityPeriod, 'startsAt' | 'endsAt'>>(periods: readonly P[], now: Date): P[] {
  return periods.filter((p) => p.endsAt.getTime() > now.getTime()).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

const nullableString = z.preprocess((v) => (v === undefined || v === '' ? null : v), z.string().nullable());

const periodRowSchema = z
  .object({
    id: z.string().refine(isId, 'id'),
    coachId: z.string().refine(isId, 'coachId'),
    startsAt: z.coerce.date(),
    endsAt: z.coerce.date(),
    dailyStart: z.string().regex(CLOCK_PATTERN).nullable().default(null),
    dailyEnd: z.string().regex(CLOCK_PATTERN).nullable().default(null),
    locationOverride: nullableString,
    notes: nullableString,
    isAvailable: z.boolean(),
    createdAt: z.coerce.date(),
    updatedAt: z.coerce.date(),
  })
  .refine((p) => p.endsAt.getTime() > p.startsAt.getTime(), 'endsAt must be after startsAt')
  .refine(dailyTimesValid, 'dailyStart and dailyEnd must be both set, start before end, or both empty');

export function parseAvailabilityPeriod(row: unknown): Result<AvailabilityPeriod> {
  const parsed = periodRowSchema.safeParse(row);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return err(availabilityErrors.invalidRecord(`${first?.path.join('.') ?? ''} ${first?.message ?? ''}`.trim()));
  }
  return ok(parsed.data);
}
