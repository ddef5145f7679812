import { useFetcher } from '@remix-run/react';
import type { SchedulingRules } from '../../../domain/availability/schedule';
import { inputClass, labelClass, primaryButtonClass } from '../auth/field-styles';
import { FormAlert } from '../forms/form-alert';
import { failureOf, useActionToast, type ActionResult } from '../profile/action-result';

const BUFFERS = [0, 5, 10, 15, 20, 30, 45, 60];
const NOTICE_HOURS = [0, 1, 2, 3, 4, 6, 8, 12, 24, 48, 72];

/** The stored value among the choices even when it is not one of the usual ones. */
const withValue = (choices: readonly number[], value: number) => (choices.includes(value) ? choices : [...choices, value].sort((a, b) => a - b));
const hours = (minutes: number) => (minutes === 0 ? 'None' : minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`);

function Choice({
  id,
  name,
  label,
  hint,
  value,
  choices,
  text,
  error,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  value: number;
  choices: readonly number[];
  text: (v: number) => string;
  error?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={inputClass} aria-describedby={`${id}-hint`} aria-invalid={Boolean(error) || undefined}>
        {withValue(choices, value).map((v) => (
          <option key={v} value={v}>
            {text(v)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

/** Buffers before and after a session, minimum notice and an optional daily cap. */
export function SchedulingRulesForm({ rules }: { rules: SchedulingRules }) {
  const fetcher = useFetcher<ActionResult>({ key: 'scheduling-rules' });
  useActionToast(fetcher.data);
  const failure = failureOf(fetcher.data);
  const errors = failure?.fieldErrors ?? {};
  const minutes = (v: number) => (v === 0 ? 'None' : `${v} min`);
  return (
    <fetcher.Form method="post" noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="scheduling-rules" />
      <FormAlert message={failure?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Choice
          id="buffer-before"
          name="bufferBeforeMinutes"
          label="Buffer before a session"
          hint="Travel or set-up time kept free before."
          value={rules.bufferBeforeMinutes}
          choices={BUFFERS}
          text={minutes}
          error={errors.bufferBeforeMinutes?.[0]}
        />
        <Choice
          id="buffer-after"
          name="bufferAfterMinutes"
          label="Buffer after a session"
          hint="Kept free after, before the next one."
          value={rules.bufferAfterMinutes}
          choices={BUFFERS}
          text={minutes}
          error={errors.bufferAfterMinutes?.[0]}
        />
        <Choice
          id="minimum-notice"
          name="minimumNoticeMinutes"
          label="Minimum notice"
          hint="How long before a start clients must ask."
          value={rules.minimumNoticeMinutes}
          choices={NOTICE_HOURS.map((h) => h * 60)}
          text={hours}
          error={errors.minimumNoticeMinutes?.[0]}
        />
        <div>
          <label htmlFor="max-per-day" className={labelClass}>
            Most sessions a day (optional)
          </label>
          <input
            id="max-per-day"
            name="maxSessionsPerDay"
            type="number"
            inputMode="numeric"
            min={1}
            max={24}
            defaultValue={rules.maxSessionsPerDay ?? ''}
            placeholder="No limit"
            className={inputClass}
            aria-describedby="max-per-day-hint"
            aria-invalid={Boolean(errors.maxSessionsPerDay) || undefined}
          />
          <p id="max-per-day-hint" className="mt-1 text-xs text-slate-500">
            Leave empty for no limit.
          </p>
          {errors.maxSessionsPerDay ? <p className="mt-1 text-sm text-red-700">{errors.maxSessionsPerDay[0]}</p> : null}
        </div>
      </div>
      <div>
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          Save booking rules
        </button>
      </div>
    </fetcher.Form>
  );
}
