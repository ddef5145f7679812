import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { AvailabilityRow } from '~/profile/availability-view';
import { inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from '../auth/field-styles';
import { FormAlert } from '../forms/form-alert';
import { failureOf, useActionToast, type ActionResult } from '../profile/action-result';
import { formatShortDay } from './calendar-dates';
import { RangeCalendar, type DateRange } from './range-calendar';

const finished = new WeakSet<object>();

/** Adds a period, or edits `editing`: the date range from the calendar, optional times, location, notes, available or not. */
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
  return (
    <fetcher.Form method="post" noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="availability-save" />
      {editing ? <input type="hidden" name="periodId" value={editing.id} /> : null}
      <input type="hidden" name="startDate" value={range.start ?? ''} />
      <input type="hidden" name="endDate" value={end ?? ''} />
      <FormAlert message={failure?.message} />
      <RangeCalendar today={today} range={range} onChange={setRange} marked={marked} />
      <p className="text-sm text-slate-700" aria-live="polite">
        <span className="font-medium">Selected:</span> {summary}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor="av-startTime" className={labelClass}>
            From (optional)
          </label>
          <input id="av-startTime" name="startTime" type="time" defaultValue={editing?.startTime ?? ''} className={inputClass} />
        </div>
        <div>
          <label htmlFor="av-endTime" className={labelClass}>
            Until (optional)
          </label>
          <input id="av-endTime" name="endTime" type="time" defaultValue={editing?.endTime ?? ''} className={inputClass} />
        </div>
      </div>
      <div>
        <label htmlFor="av-location" className={labelClass}>
          Location for these dates (optional)
        </label>
        <input id="av-location" name="locationOverride" maxLength={200} defaultValue={editing?.locationOverride ?? ''} className={inputClass} placeholder="e.g. Hackney Marshes" />
        {errors.locationOverride ? <p className="mt-1 text-sm text-red-700">{errors.locationOverride[0]}</p> : null}
      </div>
      <div>
        <label htmlFor="av-notes" className={labelClass}>
          Notes (optional)
        </label>
        <textarea id="av-notes" name="notes" rows={2} maxLength={500} defaultValue={editing?.notes ?? ''} className={inputClass} />
      </div>
      <fieldset className="flex flex-wrap gap-4 text-sm text-slate-800">
        <legend className="sr-only">Availability</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="isAvailable" value="true" defaultChecked={editing ? editing.isAvailable : true} className="accent-pitch-600" />
          Available
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="isAvailable" value="false" defaultChecked={editing ? !editing.isAvailable : false} className="accent-pitch-600" />
          Not available (blocked)
        </label>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          {editing ? 'Save period' : 'Add availability'}
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
