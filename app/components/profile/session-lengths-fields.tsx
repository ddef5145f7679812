import { SESSION_LENGTHS, type SessionLengthPrice, type SessionMinutes } from '../../../domain/shared/session-lengths';
import { durationLabel } from '../../booking/session-length-view';
import { errorTextClass, inputClass } from '../auth/field-styles';
import { errorProps } from '../forms/field';
import { useSubmittedText } from '../forms/submitted-values';
import type { FieldErrors } from './personal-fields';

/**
 * Decision 045: the lengths a coach offers, each with its own price in whole pounds. A blank price
 * is the default price (the rate above); a coach who chose nothing sees every length ticked with
 * blank prices, which saves as 'every length at the rate' again.
 */
export function SessionLengthsFields({ ratePence, lengths, errors }: { ratePence: number; lengths: readonly SessionLengthPrice[]; errors: FieldErrors }) {
  const groupError = errors.sessionLengths;
  return (
    <fieldset aria-invalid={groupError?.length ? true : undefined} aria-describedby={groupError?.length ? 'sessionLengths-error' : 'sessionLengths-hint'}>
      <input type="hidden" name="lengthsShown" value="1" />
      <legend className="mb-1 text-sm font-medium text-slate-800">
        Session lengths and prices
        <span className="text-red-600" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <p id="sessionLengths-hint" className="mb-2 text-xs text-slate-500">
        Tick the lengths you offer. Leave a price blank to charge your default price (£{Math.round(ratePence / 100)}).
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {SESSION_LENGTHS.map((minutes) => (
          <LengthRow
            key={minutes}
            minutes={minutes}
            ratePence={ratePence}
            stored={lengths.length === 0 ? 'default' : (lengths.find((l) => l.minutes === minutes) ?? null)}
            error={errors[`price${minutes}`]}
          />
        ))}
      </ul>
      {groupError?.length ? (
        <p id="sessionLengths-error" className={errorTextClass}>
          {groupError[0]}
        </p>
      ) : null}
    </fieldset>
  );
}

function LengthRow({ minutes, ratePence, stored, error }: { minutes: SessionMinutes; ratePence: number; stored: SessionLengthPrice | 'default' | null; error: readonly string[] | undefined }) {
  // A refused post shows what was sent; otherwise the stored choice.
  const posted = useSubmittedText('lengthsShown', '') === '1';
  const ticked = useSubmittedText(`length${minutes}`, '') === 'on' || (!posted && stored !== null);
  const price = useSubmittedText(`price${minutes}`, stored && stored !== 'default' ? String(Math.round(stored.pricePence / 100)) : '');
  const label = durationLabel(minutes);
  const priceId = `price${minutes}`;
  return (
    <li className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 has-[:checked]:border-pitch-600 has-[:checked]:bg-pitch-50">
      <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2.5 text-sm text-slate-800">
        <input type="checkbox" name={`length${minutes}`} defaultChecked={ticked} className="h-4 w-4 shrink-0 rounded border-slate-300 text-pitch-600 focus:ring-pitch-600" />
        {label}
      </label>
      <div className="w-28 shrink-0">
        <label htmlFor={priceId} className="sr-only">
          Price for {label} (£)
        </label>
        <div className="flex items-center gap-1">
          <span aria-hidden="true" className="text-sm text-slate-500">
            £
          </span>
          <input
            id={priceId}
            name={priceId}
            type="number"
            min={10}
            max={1000}
            step={1}
            inputMode="numeric"
            defaultValue={price}
            placeholder={String(Math.round(ratePence / 100))}
            className={inputClass}
            {...errorProps(priceId, error)}
          />
        </div>
        {error?.length ? (
          <p id={`${priceId}-error`} className={errorTextClass}>
            {error[0]}
          </p>
        ) : null}
      </div>
    </li>
  );
}
