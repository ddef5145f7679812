import type { CoachSchedule } from '../../availability/schedule';
import { offeredSlots } from '../../availability/slot-engine';
import { utcToLondon } from '../../shared/london-time';
import { seriesStarts } from './weekly-series';

/** One date of a weekly series as the client sees it before committing. */
export interface SeriesDateChoice {
  /** London 'YYYY-MM-DD' and 'HH:MM' of the weekly slot. */
  readonly date: string;
  readonly time: string;
  /** The slot engine offers it now. */
  readonly free: boolean;
  /** Other times offered that day, when it is not free: where the client may move it. */
  readonly otherTimes: readonly string[];
}

/**
 * PRODUCT.md: every date of 'Repeat weekly' is shown with whether it is free under the coach's
 * availability rules before the client commits. The slot engine decides, with the same schedule
 * and rules as the booking dialog (a date past the booking window is not free).
 */
export function seriesDateChoices(schedule: CoachSchedule, input: { first: Date; weeks: number; durationMinutes: number; now: Date }): readonly SeriesDateChoice[] {
  const starts = seriesStarts(input.first, input.weeks);
  const from = utcToLondon(starts[0]!).date;
  const to = utcToLondon(starts[starts.length - 1]!).date;
  const offered = offeredSlots(schedule, { fromDate: from, toDate: to, durationMinutes: input.durationMinutes, now: input.now, purpose: 'booking' });
  const byDate = new Map<string, string[]>();
  for (const s of offered) byDate.set(s.date, [...(byDate.get(s.date) ?? []), s.time]);
  return starts.map((startsAt) => {
    const { date, time } = utcToLondon(startsAt);
    const times = byDate.get(date) ?? [];
    const free = times.includes(time);
    return { date, time, free, otherTimes: free ? [] : times };
  });
}
