import { addDaysToIsoDate, londonToUtc } from '../../domain/shared/london-time';

/** The messages of a London date range, shared by the admin filters. */
export const DATE_RANGE_MESSAGES = {
  date: 'Enter a date as YYYY-MM-DD, e.g. 2026-12-01.',
  order: 'The “to” date must be on or after the “from” date.',
} as const;

/**
 * Two London dates ('2026-12-01'), both days included, as the instants around them: the midnight
 * the first starts at and the one after the last. An empty date is no bound; a bad one an error.
 */
export function londonDateRange(from: string, to: string): { start: Date | null; end: Date | null; errors: { from?: string; to?: string } } {
  const errors: { from?: string; to?: string } = {};
  const start = from ? londonToUtc(from, '00:00') : null;
  if (from && !start) errors.from = DATE_RANGE_MESSAGES.date;
  const end = to && londonToUtc(to, '00:00') ? londonToUtc(addDaysToIsoDate(to, 1), '00:00') : null;
  if (to && !end) errors.to = DATE_RANGE_MESSAGES.date;
  if (start && end && end.getTime() <= start.getTime()) errors.to = DATE_RANGE_MESSAGES.order;
  return { start, end, errors };
}
