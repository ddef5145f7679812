import { AGE_GROUP_LABELS, type AgeGroup } from '../../shared/catalogue';

/**
 * Decision 017: a player's age and age group on a day. Dates are London calendar
 * dates 'YYYY-MM-DD' (a date of birth has no time zone; a session's date is its London date).
 *
 * Age: whole years since the date of birth. A birthday on 29 February is reached on 1 March in a
 * year without one (the usual UK reading), which comparing month-day text gives for free.
 *
 * Group: the smallest 'under_N' with age < N (8, 10, 12, 14, 16, 18), else 'adults'; from 35 a
 * player is also 'seniors'. A coach coaches the player when they coach any of the player's groups.
 */

const UNDER: readonly { limit: number; group: AgeGroup }[] = [
  { limit: 8, group: 'under_8' },
  { limit: 10, group: 'under_10' },
  { limit: 12, group: 'under_12' },
  { limit: 14, group: 'under_14' },
  { limit: 16, group: 'under_16' },
  { limit: 18, group: 'under_18' },
];
export const ADULT_AGE = 18;
export const SENIOR_AGE = 35;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole years from `dateOfBirth` to `onDate` (both 'YYYY-MM-DD'); negative before birth. */
export function ageOn(dateOfBirth: string, onDate: string): number {
  const b = DATE.exec(dateOfBirth);
  const d = DATE.exec(onDate);
  if (!b || !d) throw new RangeError(`Not a date: ${b ? onDate : dateOfBirth}`);
  const years = Number(d[1]) - Number(b[1]);
  const birthdayPassed = `${d[2]}-${d[3]}` >= `${b[2]}-${b[3]}`;
  return birthdayPassed ? years : years - 1;
}

/** The player's groups at that age: one 'under_N', or 'adults' (and 'seniors' from 35). */
export function ageGroupsForAge(age: number): readonly AgeGroup[] {
  const under = UNDER.find((u) => age < u.limit);
  if (under) return [under.group];
  return age >= SENIOR_AGE ? ['adults', 'seniors'] : ['adults'];
}

/** The group that names the player ('Under 12', 'Adults (18+)'): the first of ageGroupsForAge. */
export function primaryAgeGroup(age: number): AgeGroup {
  return ageGroupsForAge(age)[0] ?? 'adults';
}

export function ageGroupLabel(group: AgeGroup): string {
  return AGE_GROUP_LABELS[group] ?? group;
}

/** The coach coaches the player's age (any of the player's groups is among the coach's). */
export function coachesAge(coachGroups: readonly string[], age: number): boolean {
  return ageGroupsForAge(age).some((g) => coachGroups.includes(g));
}

/** 'Under 12 players' / 'Adults (18+) players': how a refusal names the group. */
export function ageGroupPlayersLabel(age: number): string {
  return `${ageGroupLabel(primaryAgeGroup(age))} players`;
}
