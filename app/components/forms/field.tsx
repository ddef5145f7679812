import type { ReactNode } from 'react';
import { errorTextClass, labelClass } from '../auth/field-styles';

/** A labelled control with its error under it (SPEC §5: field errors appear under inputs). */
export function Field({
  id,
  label,
  required = false,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: readonly string[] | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !error?.length ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      {error?.length ? (
        <p id={`${id}-error`} className={errorTextClass}>
          {error[0]}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes tying an input to its error. */
export function errorProps(id: string, error: readonly string[] | undefined) {
  return error?.length ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}
