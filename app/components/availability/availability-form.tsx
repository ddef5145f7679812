import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { AvailabilityRow } from '~/profile/availability-view';
import { inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from '../auth/field-styles';
import { FormAlert } from '../forms/form-alert';
import { failureOf, useActionToast, type ActionResult } from '../profile/action-result';
import { formatShortDay } from './calendar-dates';
import { RangeCalendar, type DateRange } from './range-calendar';
import { TimeSelect } from './time-select';

const finished = new WeakSet<object>();

/**
 * Adds an exception, or edits `editing`: dates from the calendar, Off or Different hours,
 * optional daily From and Until (those hours on each date), location and notes.
 */
export function AvailabilityForm({ today, editing, onDone, marked = [] }: { today: string; editing: AvailabilityRow | null; onDone: () => void; marked?: readonly (readonly [string, string])[] }) {
  const fetcher = useFetcher<ActionResult>({ key: 'availability-save' });
  const [range, setRange] = useState<DateRange>({ start: editing?.startDate ?? null, end: editing?.endDate ?? null });
  useActionToast(fetcher.data);
  const failure = failureOf(fetcher.data);
  const errors = failure?.fieldErrors ?? {};

  useEffect(() => {
    // The keyed fetcher keeps its last result across remounts: finish each save once only.
    if (fetcher.state === 'idle' && fetcher.data?.ok && !finished.has(fetcher.data)) {
      finished.add(fetcher.data);
      setRange({ start: null, end: null });
      onDone();
    }
  }, [fetcher.state, fetcher.data, onDone]);

  const end = range.end ?? range.start;
  const summary = range.start ? (end && end !== range.start ? `${formatShortDay(range.start)} – ${formatShortDay(end)}` : formatShortDay(range.start)) : 'No dates selected';
  const prefix = editing ? 'ex-edit' : 'ex';
  return (
    <fetcher.Form method="post" noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="availability-save" />
      {editing ? <input type="hidden" name="periodId" value={editing.id} /> : null}
      <input type="hidden" name="startDate" value={range.start ?? ''} />
      <input type="hidden" name="endDate" value={end ?? ''} />
      <FormAlert message={failure?.message} />
      <RangeCalendar today={today} range={range} onChange={setRange} marked={marked} markedAs="has an exception" />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700" aria-live="polite">
          <span className="font-medium">Selected:</span> {summary}
        </p>
        {marked.length > 0 ? (
          <p className="flex items-center gap-1.5 text-xs text-slate-500" aria-hidden="true">
            <span className="h-1.5 w-1.5 rounded-full bg-pitch-600" />
            has an exception
          </p>
        ) : null}
      </div>
      <fieldset className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-800">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">On these dates</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="isAvailable" value="false" defaultChecked={editing ? !editing.isAvailable : true} className="h-4 w-4 accent-pitch-600" />
          Off (not available)
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="isAvailable" value="true" defaultChecked={editing ? editing.isAvailable : false} className="h-4 w-4 accent-pitch-600" />
          Different hours
        </label>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${prefix}-from`} className={labelClass}>
            From (optional)
          </label>
          <TimeSelect id={`${prefix}-from`} name="dailyStart" blank="All day" defaultValue={editing?.dailyStart ?? ''} invalid={Boolean(errors.dailyStart)} />
        </div>
        <div>
          <label htmlFor={`${prefix}-until`} className={labelClass}>
            Until (optional)
          </label>
          <TimeSelect id={`${prefix}-until`} name="dailyEnd" blank="All day" defaultValue={editing?.dailyEnd ?? ''} invalid={Boolean(errors.dailyEnd)} />
        </div>
        <p className="col-span-2 -mt-1 text-xs text-slate-500">With times, they apply on each of the dates; without, the whole days.</p>
      </div>
      <div>
        <label htmlFor={`${prefix}-location`} className={labelClass}>
          Location for these dates (optional)
        </label>
        <input id={`${prefix}-location`} name="locationOverride" maxLength={200} defaultValue={editing?.locationOverride ?? ''} className={inputClass} placeholder="e.g. Hackney Marshes" />
        {errors.locationOverride ? <p className="mt-1 text-sm text-red-700">{errors.locationOverride[0]}</p> : null}
      </div>
      <div>
        <label htmlFor={`${prefix}-notes`} className={labelClass}>
          Notes (optional)
        </label>
        <textarea id={`${prefix}-notes`} name="notes" rows={2} maxLength={500} defaultValue={editing?.notes ?? ''} className={inputClass} />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          {editing ? 'Save exception' : 'Add exception'}
        </button>
        {editing ? (
          <button type="button" className={secondaryButtonClass} onClick={onDone}>
            Cancel edit
          </button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
