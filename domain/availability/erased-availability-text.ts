import type { AvailabilityPeriod } from './availability-period';

/**
 * What a coach typed on their availability (a place of their own, notes): nobody else keeps it, so
 * erasing the coach drops it.
 */
export const COACH_TYPED_AVAILABILITY_TEXT = ['locationOverride', 'notes'] as const satisfies readonly (keyof AvailabilityPeriod)[];
