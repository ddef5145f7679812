import { QUARTER_HOURS } from '../../../domain/availability/clock-times';
import { inputClass } from '../auth/field-styles';

/** A London wall-clock time in 15-minute steps; `blank` adds an empty first choice (optional times). */
export function TimeSelect({
  id,
  name,
  label,
  value,
  defaultValue,
  onChange,
  blank,
  invalid,
  className = '',
}: {
  id: string;
  name?: string;
  /** The accessible name, when no visible <label for> names it. */
  label?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  blank?: string;
  invalid?: boolean;
  className?: string;
}) {
  return (
    <select
      id={id}
      name={name}
      aria-label={label}
      aria-invalid={invalid || undefined}
      value={value}
      defaultValue={defaultValue}
      onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      className={`${inputClass} tabular-nums ${className}`}
    >
      {blank !== undefined ? <option value="">{blank}</option> : null}
      {QUARTER_HOURS.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
  );
}
