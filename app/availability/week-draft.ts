import { clockOf, minutesOf } from '../../domain/availability/clock-times';
import { WEEKDAYS, type Weekday, type WeeklyRange } from '../../domain/availability/schedule';

/** One range of the week view while the coach edits it; `key` keeps React's rows apart. */
export interface RangeDraft {
  readonly key: string;
  readonly start: string;
  readonly end: string;
  readonly location: string;
}

export interface DayDraft {
  readonly weekday: Weekday;
  /** Off keeps the ranges, so switching a day back on brings them back. */
  readonly on: boolean;
  readonly ranges: readonly RangeDraft[];
}

export interface WeekDraft {
  readonly days: readonly DayDraft[];
  /** The next fresh range key. */
  readonly next: number;
}

/** What a day switched on for the first time gets when no other day has hours yet: evenings, when most coaching happens. */
export const FIRST_RANGE = { start: '17:00', end: '20:00' } as const;
const LAST_START = minutesOf('23:00');
const LAST_END = minutesOf('23:45');

/** The week view of stored ranges (Monday first). */
export function draftOf(weeklyHours: readonly WeeklyRange[]): WeekDraft {
  const days = WEEKDAYS.map((weekday) => {
    const ranges = weeklyHours.filter((r) => r.weekday === weekday).map((r, i) => ({ key: `${weekday}-${i}`, start: r.start, end: r.end, location: r.location ?? '' }));
    return { weekday, on: ranges.length > 0, ranges };
  });
  return { days, next: 0 };
}

const fresh = (draft: WeekDraft, ranges: readonly Pick<RangeDraft, 'start' | 'end' | 'location'>[]) => {
  const made = ranges.map((r, i) => ({ ...r, key: `n${draft.next + i}` }));
  return { made, next: draft.next + made.length };
};

const withDay = (draft: WeekDraft, weekday: Weekday, change: (day: DayDraft) => DayDraft, next = draft.next): WeekDraft => ({
  days: draft.days.map((d) => (d.weekday === weekday ? change(d) : d)),
  next,
});

/**
 * Switches a day on or off. A day switched on with no ranges of its own copies the nearest
 * earlier day that is on (or else any day that is on), so a coach with the same hours on
 * several days sets them once; with no day on yet it starts with FIRST_RANGE.
 */
export function switchDay(draft: WeekDraft, weekday: Weekday, on: boolean): WeekDraft {
  const day = draft.days.find((d) => d.weekday === weekday)!;
  if (!on || day.ranges.length > 0) return withDay(draft, weekday, (d) => ({ ...d, on }));
  const others = draft.days.filter((d) => d.on && d.ranges.length > 0);
  const source = [...others].reverse().find((d) => d.weekday < weekday) ?? others[0];
  const { made, next } = fresh(draft, source ? source.ranges : [{ ...FIRST_RANGE, location: '' }]);
  return withDay(draft, weekday, (d) => ({ ...d, on: true, ranges: made }), next);
}

/** A further range on a day: the hour after its last range (or FIRST_RANGE on an empty day). */
export function addRange(draft: WeekDraft, weekday: Weekday): WeekDraft {
  const day = draft.days.find((d) => d.weekday === weekday)!;
  const last = day.ranges.at(-1);
  const start = last ? Math.min(minutesOf(last.end), LAST_START) : minutesOf(FIRST_RANGE.start);
  const end = last ? Math.min(start + 60, LAST_END) : minutesOf(FIRST_RANGE.end);
  const { made, next } = fresh(draft, [{ start: clockOf(start), end: clockOf(end), location: '' }]);
  return withDay(draft, weekday, (d) => ({ ...d, on: true, ranges: [...d.ranges, ...made] }), next);
}

/** Removes a range; a day left without ranges is off. */
export function removeRange(draft: WeekDraft, weekday: Weekday, key: string): WeekDraft {
  return withDay(draft, weekday, (d) => {
    const ranges = d.ranges.filter((r) => r.key !== key);
    return { ...d, ranges, on: d.on && ranges.length > 0 };
  });
}

/**
 * Changes a range's From, Until or location. A From moved to or past the Until takes the Until
 * along, an hour later, so the range stays a range.
 */
export function setRange(draft: WeekDraft, weekday: Weekday, key: string, field: 'start' | 'end' | 'location', value: string): WeekDraft {
  return withDay(draft, weekday, (d) => ({
    ...d,
    ranges: d.ranges.map((r) => {
      if (r.key !== key) return r;
      const changed = { ...r, [field]: value };
      if (field === 'start' && minutesOf(changed.end) <= minutesOf(value)) return { ...changed, end: clockOf(Math.min(minutesOf(value) + 60, LAST_END)) };
      return changed;
    }),
  }));
}

/** 'Copy to all weekdays': every day Monday to Sunday gets this day's ranges and is on. */
export function copyToAllDays(draft: WeekDraft, weekday: Weekday): WeekDraft {
  const source = draft.days.find((d) => d.weekday === weekday)!;
  let next = draft.next;
  const days = draft.days.map((d) => {
    if (d.weekday === weekday) return { ...d, on: d.ranges.length > 0 };
    const ranges = source.ranges.map((r) => ({ ...r, key: `n${next++}` }));
    return { ...d, on: ranges.length > 0, ranges };
  });
  return { days, next };
}

/** The ranges the form sends: those of the days that are on. */
export function postedRanges(draft: WeekDraft): { weekday: Weekday; start: string; end: string; location: string }[] {
  return draft.days.filter((d) => d.on).flatMap((d) => d.ranges.map((r) => ({ weekday: d.weekday, start: r.start, end: r.end, location: r.location })));
}
