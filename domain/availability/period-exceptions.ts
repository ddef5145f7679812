import { addDaysToIsoDate, utcToLondon } from '../shared/london-time';
import type { ClockTime, ScheduleException } from './schedule';
import { boundInstant, clockMinutes } from './wall-clock';

/**
 * SPEC's availability periods as the slot engine's exceptions (decision 044). A period with daily
 * times applies to those hours on each London date it covers; one without is the continuous block
 * it always was.
 */
export interface PeriodForSchedule {
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly isAvailable: boolean;
  readonly locationOverride: string | null;
  readonly dailyStart: ClockTime | null;
  readonly dailyEnd: ClockTime | null;
}

/** The London dates a period covers: from its start's date to the date of its last moment. */
function datesCovered(p: PeriodForSchedule): { fromDate: string; toDate: string } {
  return { fromDate: utcToLondon(p.startsAt).date, toDate: utcToLondon(new Date(p.endsAt.getTime() - 1)).date };
}

function fromPeriod(p: PeriodForSchedule): ScheduleException[] {
  if (p.endsAt.getTime() <= p.startsAt.getTime()) return [];
  if (p.dailyStart === null || p.dailyEnd === null || clockMinutes(p.dailyEnd) <= clockMinutes(p.dailyStart)) {
    return [p.isAvailable ? { kind: 'added', startsAt: p.startsAt, endsAt: p.endsAt, location: p.locationOverride } : { kind: 'blocked', startsAt: p.startsAt, endsAt: p.endsAt }];
  }
  const { fromDate, toDate } = datesCovered(p);
  if (p.isAvailable) return [{ kind: 'hours', fromDate, toDate, start: p.dailyStart, end: p.dailyEnd, location: p.locationOverride }];
  const start = clockMinutes(p.dailyStart);
  const end = clockMinutes(p.dailyEnd);
  const blocks: ScheduleException[] = [];
  for (let date = fromDate; date <= toDate; date = addDaysToIsoDate(date, 1)) {
    blocks.push({ kind: 'blocked', startsAt: boundInstant(date, start), endsAt: boundInstant(date, end) });
  }
  return blocks;
}

export function exceptionsFromPeriods(periods: readonly PeriodForSchedule[]): ScheduleException[] {
  return periods.flatMap(fromPeriod);
}
