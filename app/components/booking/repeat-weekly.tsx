import { useEffect, useId, useState } from 'react';
import type { SeriesDateChoice } from '../../../domain/booking/requests/series-dates';
import { SERIES_RULES } from '../../../domain/booking/requests/weekly-series';
import { inputClass } from './modal';

/** What the client does with a date of the series: keep it (when free), drop it, or move it to another time that day. */
type Choice = { readonly kind: 'keep' } | { readonly kind: 'drop' } | { readonly kind: 'move'; readonly time: string };

const dayLabel = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * 'Repeat weekly' (decision 062): the chosen slot every week for 2–12 weeks, as many as the
 * package has sessions left. Every date is shown with whether the coach is free then (the
 * server's slot engine says); a date that is not free is dropped, or moved to another time the
 * coach offers that day, before the client sends anything. Paid by card, up to 12 weeks, in one
 * payment (decision 064). The kept starts go in
 * `seriesStarts[]`; the server checks each again.
 */
export function RepeatWeekly({
  coachId,
  date,
  time,
  durationMinutes,
  maxSessions,
  paidBy,
  onSessionsChange,
}: {
  coachId: string;
  date: string | null;
  time: string | null;
  durationMinutes: number;
  maxSessions: number;
  /** From the package's credits, or by card in one payment for the whole series (decision 064). */
  paidBy: 'package' | 'card';
  /** How many sessions the series has now (null: not repeating), for the price summary. */
  onSessionsChange?: (sessions: number | null) => void;
}) {
  const id = useId();
  const [on, setOn] = useState(false);
  const most = Math.min(SERIES_RULES.maxWeeks, maxSessions);
  const [weeks, setWeeks] = useState(Math.min(4, most));
  const [dates, setDates] = useState<readonly SeriesDateChoice[] | null>(null);
  const [choices, setChoices] = useState<ReadonlyMap<number, Choice>>(new Map());
  const choiceOf = (i: number, d: SeriesDateChoice): Choice => choices.get(i) ?? (d.free ? { kind: 'keep' } : { kind: 'drop' });
  const kept = (list: readonly SeriesDateChoice[]) =>
    list.flatMap((d, i) => {
      const c = choiceOf(i, d);
      return c.kind === 'keep' ? [`${d.date}T${d.time}`] : c.kind === 'move' ? [`${d.date}T${c.time}`] : [];
    });
  useEffect(() => {
    if (!on || !date || !time) return setDates(null);
    let open = true;
    const url = `/api/series-dates?coachId=${encodeURIComponent(coachId)}&date=${date}&time=${encodeURIComponent(time)}&duration=${durationMinutes}&weeks=${weeks}`;
    void fetch(url, { headers: { Accept: 'application/json' } })
      .then(async (res) => (res.ok ? ((await res.json()) as { dates: SeriesDateChoice[] }).dates : null))
      .catch(() => null)
      .then((found) => {
        if (!open) return;
        setDates(found);
        setChoices(new Map());
      });
    return () => {
      open = false;
    };
  }, [on, coachId, date, time, durationMinutes, weeks]);
  const keptCount = on && dates ? kept(dates).length : null;
  useEffect(() => onSessionsChange?.(keptCount), [keptCount, onSessionsChange]);
  if (most < SERIES_RULES.minWeeks) return null;

  const startsKept = kept(dates ?? []);
  const choose = (i: number, c: Choice) => setChoices((m) => new Map([...m, [i, c]]));

  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Repeat weekly</legend>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
          Book the same time every week
        </label>
        {on ? (
          <label className="flex items-center gap-2">
            for
            <select aria-label="Number of weeks" value={weeks} onChange={(e) => setWeeks(Number(e.target.value))} className={`${inputClass} w-auto py-1`}>
              {Array.from({ length: most - SERIES_RULES.minWeeks + 1 }, (_, k) => k + SERIES_RULES.minWeeks).map((n) => (
                <option key={n} value={n}>
                  {n} weeks
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {on && (!date || !time) ? <p className="text-sm text-slate-500">Pick the first date and time above to see every week.</p> : null}
      {on && date && time && dates === null ? (
        <p role="status" className="text-sm text-slate-500">
          Checking each week…
        </p>
      ) : null}
      {on && dates ? (
        <>
          <ul className="divide-y divide-slate-100 text-sm" aria-label="The sessions of the series">
            {dates.map((d, i) => {
              const c = choiceOf(i, d);
              return (
                <li key={d.date} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className={c.kind === 'drop' ? 'text-slate-400 line-through' : 'text-slate-900'}>
                    {dayLabel(d.date)}, {c.kind === 'move' ? c.time : d.time}
                  </span>
                  {d.free ? (
                    <span className="flex items-center gap-2">
                      <span className="rounded-full bg-pitch-50 px-2 py-0.5 text-xs font-medium text-pitch-800">Free</span>
                      {/* Named with its date: a list of 'Drop' buttons read out alone does not say which week goes. */}
                      <button
                        type="button"
                        aria-label={`${c.kind === 'drop' ? 'Keep' : 'Drop'} ${dayLabel(d.date)}`}
                        className="-my-1 rounded px-1.5 py-1 text-xs font-medium text-slate-600 underline hover:text-slate-900"
                        onClick={() => choose(i, c.kind === 'drop' ? { kind: 'keep' } : { kind: 'drop' })}
                      >
                        {c.kind === 'drop' ? 'Keep' : 'Drop'}
                      </button>
                    </span>
                  ) : (
                    <span className="flex items-center gap-2">
                      {/* With its time: once the date is moved, the line shows the new time and this still says which one was taken. */}
                      <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">Not free at {d.time}</span>
                      {d.otherTimes.length > 0 ? (
                        <select
                          aria-label={`Move ${dayLabel(d.date)} to`}
                          id={`${id}-move-${i}`}
                          value={c.kind === 'move' ? c.time : ''}
                          onChange={(e) => choose(i, e.target.value ? { kind: 'move', time: e.target.value } : { kind: 'drop' })}
                          className={`${inputClass} w-auto py-1 text-xs`}
                        >
                          <option value="">Drop this date</option>
                          {d.otherTimes.map((t) => (
                            <option key={t} value={t}>
                              Move to {t}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <span className="text-xs text-slate-500">Dropped: no other time that day</span>
                      )}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          <p role="status" className={`text-sm ${startsKept.length < SERIES_RULES.minWeeks ? 'text-red-700' : 'text-slate-700'}`}>
            {startsKept.length < SERIES_RULES.minWeeks
              ? `A series needs at least ${SERIES_RULES.minWeeks} sessions: keep or move more dates.`
              : paidBy === 'package'
                ? `${startsKept.length} sessions, each paid with a session of your package. The coach accepts or declines them together; you can cancel any one later.`
                : `${startsKept.length} sessions, paid by card in one payment: held now, charged only if the coach accepts. The coach accepts or declines them together; you can cancel any one later.`}
          </p>
          {/* An empty series still says it is one: the server refuses it instead of booking one session. */}
          {(startsKept.length > 0 ? startsKept : ['']).map((k) => (
            <input key={k} type="hidden" name="seriesStarts[]" value={k} />
          ))}
        </>
      ) : null}
    </fieldset>
  );
}
