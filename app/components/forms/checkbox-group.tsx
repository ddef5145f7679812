import type { Option } from '../../../domain/shared/catalogue';
import { errorTextClass } from '../auth/field-styles';
import { useSubmittedList } from './submitted-values';

/** A group of checkboxes for a catalogue list (coaching types, session times, age groups). */
export function CheckboxGroup<V extends string>({
  name,
  legend,
  options,
  defaultValues = [],
  values,
  onChange,
  error,
  disabled = false,
  required = false,
  columns = 'grid-cols-1 sm:grid-cols-2',
  submitEmpty = false,
}: {
  name: string;
  legend: string;
  options: readonly Option<V>[];
  defaultValues?: readonly string[];
  values?: readonly string[];
  onChange?: (values: string[]) => void;
  error?: readonly string[] | undefined;
  disabled?: boolean;
  required?: boolean;
  /** Grid classes: short labels (times, age groups) fit two per row on phones. */
  columns?: string;
  /** Send the list even when nothing is ticked (an update form: unticking all clears it). */
  submitEmpty?: boolean;
}) {
  const field = submitEmpty ? `${name}[]` : name;
  const ticked = useSubmittedList(name, defaultValues);
  const toggle = (value: string, checked: boolean) => {
    if (!values || !onChange) return;
    onChange(checked ? [...values, value] : values.filter((v) => v !== value));
  };
  return (
    <fieldset aria-invalid={error?.length ? true : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">
        {legend}
        {required ? (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </legend>
      {submitEmpty ? <input type="hidden" name={field} value="" /> : null}
      <div className={`grid gap-2 ${columns}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 has-[:checked]:border-pitch-600 has-[:checked]:bg-pitch-50 has-[:disabled]:cursor-default"
          >
            <input
              type="checkbox"
              name={field}
              value={option.value}
              disabled={disabled}
              {...(values ? { checked: values.includes(option.value), onChange: (e) => toggle(option.value, e.target.checked) } : { defaultChecked: ticked.includes(option.value) })}
              className="h-4 w-4 rounded border-slate-300 accent-pitch-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error?.length ? <p className={errorTextClass}>{error[0]}</p> : null}
    </fieldset>
  );
}
