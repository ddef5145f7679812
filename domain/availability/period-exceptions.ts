import { addDaysToIsoDate, londonToUtc, utcToLondon } from '../shared/london-time';
import type { AvailabilityPeriod } from './availability-period';
import type { ScheduleException } from './schedule';

type Period = Pick<AvailabilityPeriod, 'startsAt' | 'endsAt' | 'dailyStart' | 'dailyEnd' | 'isAvailable' | 'locationOverride'>;

/**
 * The slot engine's exceptions of a coach's periods (decision 044). With daily times an
 * available period is that date range's hours, a not-available one blocks those hours on each
 * of its dates; without them a period is the continuous block it always was, added or blocked.
 */
export function exceptionsOf(periods: readonly Period[]): ScheduleException[] {
  return periods.flatMap((p): ScheduleException[] => {
    if (p.dailyStart === null || p.dailyEnd === null) {
      return [p.isAvailable ? { kind: 'added', startsAt: p.startsAt, endsAt: p.endsAt, location: p.locationOverride } : { kind: 'blocked', startsAt: p.startsAt, endsAt: p.endsAt }];
    }
    const fromDate = utcToLondon(p.startsAt).date;
    const toDate = utcToLondon(new Date(p.endsAt.getTime() - 1)).date;
    if (p.isAvailable) return [{ kind: 'hours', fromDate, toDate, start: p.dailyStart, end: p.dailyEnd, location: p.locationOverride }];
    const blocked: ScheduleException[] = [];
    for (let date = fromDate; date <= toDate; date = addDaysToIsoDate(date, 1)) {
      const startsAt = londonToUtc(date, p.dailyStart);
      const endsAt = londonToUtc(date, p.dailyEnd);
      if (startsAt && endsAt) blocked.push({ kind: 'blocked', startsAt, endsAt });
    }
    return blocked;
  });
}
