import type { AvailabilityPeriod } from '../../domain/availability/availability-period';
import { describeDates, describeKind, isWholeDays } from '../../domain/availability/period-labels';
import { DAY_MS } from '../../domain/shared/clock';
import { utcToLondon } from '../../domain/shared/london-time';

/** An exception as the compact list shows it and as the edit form is filled (London dates and times). */
export interface AvailabilityRow {
  readonly id: string;
  readonly startDate: string;
  readonly endDate: string;
  /** The daily From and Until; empty for whole days. */
  readonly dailyStart: string;
  readonly dailyEnd: string;
  /** 'Off', 'Hours 09:00–12:00', 'Available'. */
  readonly kind: string;
  /** 'Mon 21 Dec – Sun 27 Dec 2026'. */
  readonly dates: string;
  /** 'Off · Mon 21 Dec – Sun 27 Dec 2026'. */
  readonly label: string;
  readonly locationOverride: string | null;
  readonly notes: string | null;
  readonly isAvailable: boolean;
}

const previousDay = (date: string) => new Date(new Date(`${date}T00:00:00Z`).getTime() - DAY_MS).toISOString().slice(0, 10);

export function availabilityRow(period: AvailabilityPeriod): AvailabilityRow {
  const start = utcToLondon(period.startsAt);
  const end = utcToLondon(period.endsAt);
  const endDate = isWholeDays(period) ? previousDay(end.date) : end.date;
  const kind = describeKind(period);
  const dates = describeDates(period);
  return {
    id: period.id,
    startDate: start.date,
    endDate,
    dailyStart: period.dailyStart ?? '',
    dailyEnd: period.dailyEnd ?? '',
    kind,
    dates,
    label: `${kind} · ${dates}`,
    locationOverride: period.locationOverride,
    notes: period.notes,
    isAvailable: period.isAvailable,
  };
}
