import { useMemo, useState } from 'react';
import { dayLabel, monthLabel } from './calendar-labels';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const toUtc = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const toIso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A month calendar (weeks start on Sunday, SPEC §9) for picking a London date between `first`
 * and `last`; days for which `isDisabled` is true cannot be picked (asked only for the days of the
 * month shown). While `pending` (the coach's calendar is on its way), no day can be picked yet and
 * none is struck through.
 */
export function DatePicker({
  first,
  last,
  isDisabled,
  pending = false,
  value,
  onChange,
  labelledBy,
}: {
  first: string;
  last: string;
  isDisabled: (date: string) => boolean;
  pending?: boolean;
  value: string | null;
  onChange: (date: string) => void;
  labelledBy?: string;
}) {
  const [month, setMonth] = useState(() => (value ?? first).slice(0, 7));
  const cells = useMemo(() => {
    const start = toUtc(`${month}-01`);
    const offset = start.getUTCDay();
    // Labels are worked out once per month shown, not on every render of the dialog.
    const days: ({ iso: string; label: string } | null)[] = Array.from({ length: offset }, () => null);
    for (let d = new Date(start); d.getUTCMonth() === start.getUTCMonth(); d = new Date(d.getTime() + 86_400_000)) days.push({ iso: toIso(d), label: dayLabel(d) });
    return days;
  }, [month]);
  const shift = (delta: number) => {
    const d = toUtc(`${month}-01`);
    setMonth(toIso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + delta, 1))).slice(0, 7));
  };
  const canPrev = month > first.slice(0, 7);
  const canNext = month < last.slice(0, 7);

  return (
    <div className="rounded-xl border border-slate-200 p-3" role="group" aria-labelledby={labelledBy}>
      <div className="mb-2 flex items-center justify-between">
        <button type="button" onClick={() => shift(-1)} disabled={!canPrev} className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 disabled:opacity-30" aria-label="Previous month">
          <svg viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current" strokeWidth={2} aria-hidden="true">
            <path d="M15 6l-6 6 6 6" />
          </svg>
        </button>
        <p className="text-sm font-semibold text-slate-800" aria-live="polite">
          {monthLabel(toUtc(`${month}-01`))}
        </p>
        <button type="button" onClick={() => shift(1)} disabled={!canNext} className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 disabled:opacity-30" aria-label="Next month">
          <svg viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current" strokeWidth={2} aria-hidden="true">
            <path d="M9 6l6 6-6 6" />
          </svg>
        </button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs text-slate-500" aria-busy={pending || undefined}>
        {WEEKDAYS.map((w) => (
          <span key={w} aria-hidden="true" className="py-1">
            {w}
          </span>
        ))}
        {cells.map((cell, i) => {
          if (cell === null) return <span key={`blank-${i}`} />;
          const { iso, label } = cell;
          const outside = iso < first || iso > last;
          const off = outside || isDisabled(iso);
          const selected = iso === value;
          return (
            <button
              key={iso}
              type="button"
              disabled={off}
              aria-pressed={selected}
              aria-label={label}
              data-date={iso}
              onClick={() => onChange(iso)}
              className={`rounded-md py-1.5 text-sm ${
                selected
                  ? 'bg-pitch-600 font-semibold text-white'
                  : outside || (off && !pending)
                    ? 'cursor-not-allowed text-slate-300 line-through decoration-slate-300'
                    : pending
                      ? 'text-slate-400'
                      : 'text-slate-800 hover:bg-pitch-50'
              }`}
            >
              {Number(iso.slice(8))}
            </button>
          );
        })}
      </div>
    </div>
  );
}
