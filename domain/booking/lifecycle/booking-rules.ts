import type { DomainError } from '../../shared/errors';
import { err, ok, type Result } from '../../shared/result';
import { BOOKING_WINDOW_DAYS, MAX_SESSION_MINUTES, MIN_SESSION_MINUTES } from '../../validation/booking-limits';
import { bookingErrors } from './booking-errors';

/** The numbers of the booking rules (SPEC §5, §9; PRODUCT.md), in one place. */
export { BOOKING_WINDOW_DAYS, MAX_SESSION_MINUTES, MIN_SESSION_MINUTES };
export const NOTES_MAX_LENGTH = 500;
export const ADDRESS_MAX_LENGTH = 200;
export const REASON_MAX_LENGTH = 500;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const RESOLUTION_NOTE_MAX_LENGTH = 2000;
/** Arrival can be marked from this long before the scheduled start. */
export const ARRIVAL_OPENS_MINUTES_BEFORE = 60;
/** PRODUCT.md: a session completes by itself 24 hours after its scheduled end. */
export const AUTO_COMPLETE_AFTER_HOURS = 24;

/** Trimmed text, or null when there is none. */
export function textOrNull(value: string | null | undefined): string | null {
  const t = value?.trim() ?? '';
  return t === '' ? null : t;
}

/** A required free-text reason: present after trimming and not too long. */
export function requiredReason(
  value: string | null | undefined,
  missing: () => DomainError,
  max: number = REASON_MAX_LENGTH,
  tooLong: () => DomainError = bookingErrors.reasonTooLong,
): Result<string> {
  const text = textOrNull(value);
  if (text === null) return err(missing());
  if (text.length > max) return err(tooLong());
  return ok(text);
}

/** PRODUCT.md's 90-day window lives below availability and booking, which both read it. */
export { isWithinBookingWindow, lastBookableDate } from '../../validation/booking-window';

export function isValidInstant(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}
