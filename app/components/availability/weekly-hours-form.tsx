import { useFetcher } from '@remix-run/react';
import { useState } from 'react';
import type { WeeklyRange } from '../../../domain/availability/schedule';
import { WEEKDAY_NAMES } from '../../../domain/availability/schedule';
import { addRange, copyToAllDays, draftOf, removeRange, setRange, switchDay, type DayDraft, type WeekDraft } from '~/availability/week-draft';
import { inputClass, labelClass, primaryButtonClass } from '../auth/field-styles';
import { FormAlert } from '../forms/form-alert';
import { failureOf, useActionToast, type ActionResult } from '../profile/action-result';
import { TimeSelect } from './time-select';

const linkButton = 'rounded-md px-1.5 py-1 text-sm font-semibold text-pitch-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-pitch-600';
const STEPS = [
  { value: 15, label: 'Every 15 minutes' },
  { value: 30, label: 'Every 30 minutes' },
  { value: 60, label: 'Every hour' },
] as const;

type Errors = Readonly<Record<string, readonly string[]>>;

function DayRow({ day, firstIndex, errors, change }: { day: DayDraft; firstIndex: number; errors: Errors; change: (next: (draft: WeekDraft) => WeekDraft) => void }) {
  const name = WEEKDAY_NAMES[day.weekday];
  const id = `day-${day.weekday}`;
  const messages = day.on ? day.ranges.flatMap((_, i) => ['weekday', 'start', 'end', 'location'].flatMap((f) => errors[`ranges.${firstIndex + i}.${f}`] ?? [])) : [];
  return (
    <li className={`grid gap-x-4 gap-y-2 py-3 ${day.on ? 'sm:grid-cols-[9.5rem_1fr]' : 'grid-cols-[8rem_1fr] sm:grid-cols-[9.5rem_1fr]'}`} aria-labelledby={`${id}-name`}>
      <label className="flex h-10 items-center gap-2.5 text-sm font-semibold text-slate-900">
        <input
          type="checkbox"
          checked={day.on}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            change((d) => switchDay(d, day.weekday, on));
          }}
          className="h-5 w-5 rounded accent-pitch-600"
        />
        <span id={`${id}-name`}>{name}</span>
      </label>
      {day.on ? (
        <div className="flex flex-col gap-2">
          {day.ranges.map((range, i) => {
            const which = day.ranges.length > 1 ? `${name} range ${i + 1}` : name;
            const key = `ranges.${firstIndex + i}`;
            return (
              <div key={range.key} className="flex flex-wrap items-center gap-2">
                <input type="hidden" name="weekday[]" value={day.weekday} />
                <TimeSelect
                  id={`${id}-${range.key}-from`}
                  name="start[]"
                  label={`${which} from`}
                  value={range.start}
                  invalid={Boolean(errors[`${key}.start`])}
                  onChange={(v) => change((d) => setRange(d, day.weekday, range.key, 'start', v))}
                  className="!w-24"
                />
                <span aria-hidden="true" className="text-slate-500">
                  –
                </span>
                <TimeSelect
                  id={`${id}-${range.key}-until`}
                  name="end[]"
                  label={`${which} until`}
                  value={range.end}
                  invalid={Boolean(errors[`${key}.end`])}
                  onChange={(v) => change((d) => setRange(d, day.weekday, range.key, 'end', v))}
                  className="!w-24"
                />
                <input
                  name="location[]"
                  aria-label={`${which} location (optional)`}
                  placeholder="Location (optional)"
                  maxLength={200}
                  value={range.location}
                  aria-invalid={Boolean(errors[`${key}.location`]) || undefined}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    change((d) => setRange(d, day.weekday, range.key, 'location', value));
                  }}
                  className={`${inputClass} min-w-0 flex-1 basis-40`}
                />
                <button
                  type="button"
                  className={`${linkButton} !text-slate-600`}
                  aria-label={`Remove ${which} ${range.start}–${range.end}`}
                  onClick={() => change((d) => removeRange(d, day.weekday, range.key))}
                >
                  Remove
                </button>
              </div>
            );
          })}
          {messages.length > 0 ? (
            <p className="text-sm text-red-700" id={`${id}-error`}>
              {messages[0]}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-x-3">
            <button type="button" className={linkButton} aria-label={`Add a range on ${name}`} onClick={() => change((d) => addRange(d, day.weekday))}>
              + Add a range
            </button>
            <button type="button" className={linkButton} aria-label={`Copy ${name} to all weekdays`} onClick={() => change((d) => copyToAllDays(d, day.weekday))}>
              Copy to all weekdays
            </button>
          </div>
        </div>
      ) : (
        <p className="flex h-10 items-center text-sm text-slate-500">Unavailable</p>
      )}
    </li>
  );
}

/**
 * The week view: each weekday on or off with its ranges (From and Until in 15-minute steps, an
 * optional location), the start-time step, and one save for the whole week.
 */
export function WeeklyHoursForm({ weeklyHours, slotStepMinutes }: { weeklyHours: readonly WeeklyRange[]; slotStepMinutes: number }) {
  const fetcher = useFetcher<ActionResult>({ key: 'weekly-hours' });
  const [draft, setDraft] = useState(() => draftOf(weeklyHours));
  useActionToast(fetcher.data);
  const failure = failureOf(fetcher.data);
  const errors = failure?.fieldErrors ?? {};
  const change = (next: (draft: WeekDraft) => WeekDraft) => setDraft(next);
  let index = 0;
  const anyOn = draft.days.some((d) => d.on);
  return (
    <fetcher.Form method="post" noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="weekly-hours" />
      <FormAlert message={failure?.message} />
      {anyOn ? null : (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          No weekly hours yet: clients can ask for any day, with starts every hour from 09:00 to 20:00. Tick the days you coach.
        </p>
      )}
      <ul className="divide-y divide-slate-200" aria-label="Weekly hours">
        {draft.days.map((day) => {
          const first = index;
          if (day.on) index += day.ranges.length;
          return <DayRow key={day.weekday} day={day} firstIndex={first} errors={errors} change={change} />;
        })}
      </ul>
      <div className="flex flex-wrap items-end gap-4 border-t border-slate-200 pt-4">
        <div>
          <label htmlFor="slot-step" className={labelClass}>
            Start times
          </label>
          <select id="slot-step" name="slotStepMinutes" defaultValue={slotStepMinutes} className={`${inputClass} w-48`} aria-invalid={Boolean(errors.slotStepMinutes) || undefined}>
            {STEPS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          Save weekly hours
        </button>
      </div>
    </fetcher.Form>
  );
}
