import { addDaysToIsoDate, londonToUtc, utcToLondon } from '../../shared/london-time';

/**
 * 'Repeat weekly': the same London wall-clock slot for 2–12 weeks (PRODUCT.md). The first
 * session is the one the client chose; each next one is 7 days later at the same time in London,
 * so a series over the clocks' change keeps its hour.
 */
export const SERIES_RULES = { minWeeks: 2, maxWeeks: 12 } as const;

export function isSeriesLength(weeks: number): boolean {
  return Number.isSafeInteger(weeks) && weeks >= SERIES_RULES.minWeeks && weeks <= SERIES_RULES.maxWeeks;
}

/** The start of each session of the series, the chosen one first. */
export function seriesStarts(first: Date, weeks: number): readonly Date[] {
  if (!isSeriesLength(weeks)) throw new RangeError(`a series has ${SERIES_RULES.minWeeks} to ${SERIES_RULES.maxWeeks} weeks`);
  const { date, time } = utcToLondon(first);
  return Array.from({ length: weeks }, (_, i) => (i === 0 ? first : londonToUtc(addDaysToIsoDate(date, 7 * i), time)!));
}
