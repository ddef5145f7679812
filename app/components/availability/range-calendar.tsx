import { useState } from 'react';
import { WEEKDAYS, addMonths, formatDay, formatMonth, monthWeeks } from './calendar-dates';

export interface DateRange {
  readonly start: string | null;
  readonly end: string | null;
}

/** The next selection after a click: a first click starts a range, a later day ends it. */
export function nextRange(range: DateRange, day: string): DateRange {
  if (!range.start || range.end) return { start: day, end: null };
  if (day < range.start) return { start: day, end: null };
  return { start: range.start, end: day };
}

type Marked = readonly (readonly [string, string])[];
const isMarked = (day: string, marked: Marked) => marked.some(([from, to]) => day >= from && day <= to);

function Month({ month, today, range, onPick, marked, markedAs }: { month: string; today: string; range: DateRange; onPick: (day: string) => void; marked: Marked; markedAs: string }) {
  const last = range.end ?? range.start;
  return (
    <div className="min-w-0 flex-1">
      <h3 className="mb-2 text-center text-sm font-semibold text-slate-900">{formatMonth(month)}</h3>
      <table className="w-full table-fixed border-collapse text-center text-sm" role="grid" aria-label={formatMonth(month)}>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" className="pb-1 text-xs font-medium text-slate-500">
                <abbr title={d} className="no-underline">
                  {d.slice(0, 2)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, i) => (
            <tr key={i}>
              {week.map((day, j) => {
                if (!day) return <td key={j} />;
                const past = day < today;
                const edge = day === range.start || day === last;
                const inside = range.start !== null && last !== null && day > range.start && day < last;
                const published = !past && isMarked(day, marked);
                return (
                  <td key={j} className="p-0.5">
                    <button
                      type="button"
                      disabled={past}
                      onClick={() => onPick(day)}
                      aria-label={published ? `${formatDay(day)} (${markedAs})` : formatDay(day)}
                      aria-pressed={edge || inside}
                      className={`relative h-9 w-full rounded-md text-sm tabular-nums transition-colors ${
                        past
                          ? 'cursor-not-allowed text-slate-300 line-through'
                          : edge
                            ? 'bg-pitch-600 font-semibold text-white'
                            : inside
                              ? 'bg-pitch-100 text-pitch-900'
                              : `text-slate-800 hover:bg-slate-100 ${day === today ? 'font-bold ring-1 ring-pitch-600' : ''}`
                      }`}
                    >
                      {Number(day.slice(8))}
                      {published && !edge ? <span aria-hidden="true" className="absolute bottom-1 left-1/2 h-1 w-1 -translate-x-1/2 rounded-full bg-pitch-600" /> : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** SPEC §5/§9: a two-month range picker, weeks starting on Sunday, past days disabled. */
export function RangeCalendar({
  today,
  range,
  onChange,
  marked = [],
  markedAs = 'available',
}: {
  today: string;
  range: DateRange;
  onChange: (range: DateRange) => void;
  /** Days to show with a dot (published periods), and what the dot means to a screen reader. */
  marked?: Marked;
  markedAs?: string;
}) {
  const firstMonth = today.slice(0, 7);
  const [month, setMonth] = useState(range.start && range.start > today ? range.start.slice(0, 7) : firstMonth);
  const nav = 'rounded-md p-1.5 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-30';
  const chevron = (d: string) => (
    <svg viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current" strokeWidth={2} aria-hidden="true">
      <path d={d} />
    </svg>
  );
  return (
    <div className="rounded-xl border border-slate-200 p-3">
      <div className="mb-1 flex items-center justify-between">
        <button type="button" className={nav} onClick={() => setMonth(addMonths(month, -1))} disabled={month <= firstMonth} aria-label="Previous month">
          {chevron('M15 6l-6 6 6 6')}
        </button>
        <span className="sr-only" aria-live="polite">
          {formatMonth(month)} and {formatMonth(addMonths(month, 1))}
        </span>
        <button type="button" className={nav} onClick={() => setMonth(addMonths(month, 1))} aria-label="Next month">
          {chevron('M9 6l6 6-6 6')}
        </button>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:gap-6">
        <Month month={month} today={today} range={range} marked={marked} markedAs={markedAs} onPick={(d) => onChange(nextRange(range, d))} />
        <Month month={addMonths(month, 1)} today={today} range={range} marked={marked} markedAs={markedAs} onPick={(d) => onChange(nextRange(range, d))} />
      </div>
    </div>
  );
}
