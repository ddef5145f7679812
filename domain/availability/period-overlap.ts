import { addDaysToIsoDate, londonToUtc, utcToLondon } from '../shared/london-time';
import type { AvailabilityPeriod } from './availability-period';

type Span = readonly [number, number];
type Shape = Pick<AvailabilityPeriod, 'startsAt' | 'endsAt' | 'dailyStart' | 'dailyEnd'>;

const spansOverlap = (a: Span, b: Span) => a[0] < b[1] && b[0] < a[1];

/** The London dates a period's range covers (its instants are midnights when it has daily times). */
function datesOf(p: Shape): { first: string; last: string } {
  return { first: utcToLondon(p.startsAt).date, last: utcToLondon(new Date(p.endsAt.getTime() - 1)).date };
}

/** The instants a daily-time period covers on the dates within `within` (each date's From–Until). */
function dailySpans(p: Shape & { dailyStart: string; dailyEnd: string }, within: Span): Span[] {
  const spans: Span[] = [];
  const { first, last } = datesOf(p);
  // A day before the London date of `within`'s start, so no window reaching into it is missed.
  const earliest = addDaysToIsoDate(utcToLondon(new Date(within[0])).date, -1);
  for (let date = earliest > first ? earliest : first; date <= last; date = addDaysToIsoDate(date, 1)) {
    const from = londonToUtc(date, p.dailyStart);
    const to = londonToUtc(date, p.dailyEnd);
    if (!from || !to) continue;
    if (from.getTime() >= within[1]) break;
    spans.push([from.getTime(), to.getTime()]);
  }
  return spans;
}

const hasDaily = (p: Shape): p is Shape & { dailyStart: string; dailyEnd: string } => p.dailyStart !== null && p.dailyEnd !== null;

/**
 * Whether two periods cover some instant in common. A continuous block covers [startsAt,
 * endsAt); a period with daily times covers From–Until on each of its dates. Touching is not
 * overlapping (time off until Sunday, hours from Monday).
 */
export function periodsOverlap(a: Shape, b: Shape): boolean {
  const outer: Span = [Math.max(a.startsAt.getTime(), b.startsAt.getTime()), Math.min(a.endsAt.getTime(), b.endsAt.getTime())];
  if (outer[0] >= outer[1]) return false;
  if (hasDaily(a) && hasDaily(b)) return a.dailyStart < b.dailyEnd && b.dailyStart < a.dailyEnd;
  const spansOf = (p: Shape): Span[] => (hasDaily(p) ? dailySpans(p, outer) : [[p.startsAt.getTime(), p.endsAt.getTime()]]);
  const [left, right] = [spansOf(a), spansOf(b)];
  return left.some((x) => right.some((y) => spansOverlap(x, y)));
}

/** The first of `others` (another id) that `candidate` overlaps, or null. */
export function findOverlappingPeriod<P extends Shape & { id: string }>(candidate: P, others: readonly P[]): P | null {
  return others.find((o) => o.id !== candidate.id && periodsOverlap(candidate, o)) ?? null;
}
