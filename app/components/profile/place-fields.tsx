import { SESSION_MODE_OPTIONS, type SessionMode } from '../../../domain/search/near';
import type { PlaceChoice } from '../../../domain/search/places';
import { errorTextClass, labelClass } from '../auth/field-styles';
import { useSubmittedText } from '../forms/submitted-values';
import { PlaceCombobox } from '../places/place-combobox';
import type { FieldErrors } from './personal-fields';

/** A place of the gazetteer with its hint or error under it (the combobox of FindCoaches' 'Near'). */
function PlaceField({ name, label, hint, value, errors }: { name: string; label: string; hint: string; value: PlaceChoice | null; errors: FieldErrors }) {
  const error = errors[name]?.[0];
  const noteId = `${name}-note`;
  return (
    <div>
      <PlaceCombobox name={name} label={label} labelClassName={labelClass} value={value} describedBy={noteId} />
      <p id={noteId} className={error ? errorTextClass : 'mt-1 text-xs text-slate-500'}>
        {error ?? hint}
      </p>
    </div>
  );
}

/**
 * Issue 46: where the coach is based (a place, so 'Near' finds them; the address line stays free
 * text) and how they coach. Only the place's name is ever shown to others, never the address.
 */
export function CoachPlaceFields({ basePlace, sessionMode, errors }: { basePlace: PlaceChoice | null; sessionMode: SessionMode; errors: FieldErrors }) {
  const mode = useSubmittedText('sessionMode', sessionMode);
  const modeError = errors.sessionMode?.[0];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <PlaceField name="basePlace" label="Base place" hint="The town or district you coach from. Clients see its name and how far away it is, never your address." value={basePlace} errors={errors} />
      <fieldset aria-invalid={modeError ? true : undefined} aria-describedby={modeError ? 'sessionMode-error' : undefined}>
        <legend className={labelClass}>How you coach</legend>
        <div className="flex flex-col gap-2">
          {SESSION_MODE_OPTIONS.map((o) => (
            <label key={o.value} className="flex cursor-pointer items-center gap-2.5 text-sm text-slate-800">
              <input type="radio" name="sessionMode" value={o.value} defaultChecked={mode === o.value} className="h-4 w-4 accent-pitch-600" />
              {o.label}
            </label>
          ))}
        </div>
        {modeError ? (
          <p id="sessionMode-error" className={errorTextClass}>
            {modeError}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}

/** A client's saved home place (issue 46 §3): saved only when they choose one here; FindCoaches starts near it. */
export function HomePlaceField({ homePlace, errors }: { homePlace: PlaceChoice | null; errors: FieldErrors }) {
  return <PlaceField name="homePlace" label="Home place (optional)" hint="Find Coaches starts its search near this place. Leave it empty to choose each time." value={homePlace} errors={errors} />;
}
