import type { AvailabilityPeriod } from '../../domain/availability/availability-period';
import { DAY_MS } from '../../domain/shared/clock';
import { formatLondonDate, utcToLondon } from '../../domain/shared/london-time';

/** A period as the calendar list shows it and as the edit form is filled (London dates and times). */
export interface AvailabilityRow {
  readonly id: string;
  readonly startDate: string;
  readonly endDate: string;
  /** Empty for whole days. */
  readonly startTime: string;
  readonly endTime: string;
  readonly label: string;
  readonly locationOverride: string | null;
  readonly notes: string | null;
  readonly isAvailable: boolean;
}

const previousDay = (date: string) => new Date(new Date(`${date}T00:00:00Z`).getTime() - DAY_MS).toISOString().slice(0, 10);

export function availabilityRow(period: AvailabilityPeriod): AvailabilityRow {
  const start = utcToLondon(period.startsAt);
  const end = utcToLondon(period.endsAt);
  const wholeDays = start.time === '00:00' && end.time === '00:00';
  const endDate = wholeDays ? previousDay(end.date) : end.date;
  const startLabel = formatLondonDate(period.startsAt);
  const endLabel = formatLondonDate(new Date(period.endsAt.getTime() - (wholeDays ? 1 : 0)));
  let label: string;
  if (wholeDays) label = start.date === endDate ? `${startLabel}, all day` : `${startLabel} to ${endLabel}`;
  else label = start.date === end.date ? `${startLabel}, ${start.time} to ${end.time}` : `${startLabel} ${start.time} to ${endLabel} ${end.time}`;
  return {
    id: period.id,
    startDate: start.date,
    endDate,
    startTime: wholeDays ? '' : start.time,
    endTime: wholeDays ? '' : end.time,
    label,
    locationOverride: period.locationOverride,
    notes: period.notes,
    isAvailable: period.isAvailable,
  };
}
