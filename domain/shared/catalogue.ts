/**
 * SPEC §3 enumerations with the labels people read. Every context and every page takes its
 * lists from here, so a coaching type or an age group is spelled in one place only.
 */

export interface Option<V extends string> {
  readonly value: V;
  readonly label: string;
}

function labelsOf<V extends string>(options: readonly Option<V>[]): Readonly<Record<V, string>> {
  return Object.fromEntries(options.map((o) => [o.value, o.label])) as Record<V, string>;
}

// Coaching and service types ------------------------------------------------------------------

export const COACHING_TYPES = ['striker', 'midfield', 'defense', 'goalkeeping', 'fitness_conditioning', 'tactical_analysis'] as const;
export type CoachingType = (typeof COACHING_TYPES)[number];

export const COACHING_TYPE_OPTIONS: readonly Option<CoachingType>[] = [
  { value: 'striker', label: 'Striker & Finishing' },
  { value: 'midfield', label: 'Midfield & Playmaking' },
  { value: 'defense', label: 'Defense & Tackling' },
  { value: 'goalkeeping', label: 'Goalkeeping' },
  { value: 'fitness_conditioning', label: 'Fitness & Conditioning' },
  { value: 'tactical_analysis', label: 'Tactical Analysis' },
];
export const COACHING_TYPE_LABELS = labelsOf(COACHING_TYPE_OPTIONS);
/** A coach's services as choices, in their order (the booking dialog's Service type). */
export const coachingTypeOptionsOf = (values: readonly CoachingType[]): Option<CoachingType>[] => values.map((value) => ({ value, label: COACHING_TYPE_LABELS[value] }));

// Preferred session times ---------------------------------------------------------------------

export const SESSION_TIMES = ['morning', 'afternoon', 'evening', 'weekend'] as const;
export type SessionTime = (typeof SESSION_TIMES)[number];

export const SESSION_TIME_OPTIONS: readonly Option<SessionTime>[] = [
  { value: 'morning', label: 'Morning (6AM-12PM)' },
  { value: 'afternoon', label: 'Afternoon (12PM-6PM)' },
  { value: 'evening', label: 'Evening (6PM-10PM)' },
  { value: 'weekend', label: 'Weekend' },
];
export const SESSION_TIME_LABELS = labelsOf(SESSION_TIME_OPTIONS);

// Age groups ----------------------------------------------------------------------------------

export const AGE_GROUPS = ['under_8', 'under_10', 'under_12', 'under_14', 'under_16', 'under_18', 'adults', 'seniors'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

export const AGE_GROUP_OPTIONS: readonly Option<AgeGroup>[] = [
  { value: 'under_8', label: 'Under 8' },
  { value: 'under_10', label: 'Under 10' },
  { value: 'under_12', label: 'Under 12' },
  { value: 'under_14', label: 'Under 14' },
  { value: 'under_16', label: 'Under 16' },
  { value: 'under_18', label: 'Under 18' },
  { value: 'adults', label: 'Adults (18+)' },
  { value: 'seniors', label: 'Seniors (35+)' },
];
export const AGE_GROUP_LABELS = labelsOf(AGE_GROUP_OPTIONS);

// Location types ------------------------------------------------------------------------------

export const LOCATION_TYPES = ['online', 'client_home', 'coach_location', 'gym', 'outdoor'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const LOCATION_TYPE_OPTIONS: readonly Option<LocationType>[] = [
  { value: 'online', label: 'Online' },
  { value: 'client_home', label: "Client's Home" },
  { value: 'coach_location', label: "Coach's Location" },
  { value: 'gym', label: 'Gym' },
  { value: 'outdoor', label: 'Outdoor' },
];
export const LOCATION_TYPE_LABELS = labelsOf(LOCATION_TYPE_OPTIONS);

/** SPEC §2 MyBookings: a booking without a location type is shown as Online. */
export const DEFAULT_LOCATION_TYPE: LocationType = 'online';

// Booking statuses ----------------------------------------------------------------------------

export const BOOKING_STATUSES = ['pending', 'confirmed', 'in_session', 'completed', 'cancelled', 'disputed'] as const;
export type BookingStatusValue = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Readonly<Record<BookingStatusValue, string>> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  in_session: 'In Session',
  completed: 'Completed',
  cancelled: 'Cancelled',
  disputed: 'Disputed',
};

/** 'fitness_conditioning' -> 'Fitness Conditioning' for values without a catalogue label. */
export function humaniseValue(value: string): string {
  return value
    .split('_')
    .filter((w) => w.length > 0)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The label of a coaching type, or the words of an unknown value ('{Service} Session' on cards). */
export function coachingTypeLabel(value: string): string {
  return (COACHING_TYPE_LABELS as Record<string, string>)[value] ?? humaniseValue(value);
}

export function isCoachingType(value: unknown): value is CoachingType {
  return typeof value === 'string' && (COACHING_TYPES as readonly string[]).includes(value);
}
export function isSessionTime(value: unknown): value is SessionTime {
  return typeof value === 'string' && (SESSION_TIMES as readonly string[]).includes(value);
}
export function isAgeGroup(value: unknown): value is AgeGroup {
  return typeof value === 'string' && (AGE_GROUPS as readonly string[]).includes(value);
}
export function isLocationType(value: unknown): value is LocationType {
  return typeof value === 'string' && (LOCATION_TYPES as readonly string[]).includes(value);
}
