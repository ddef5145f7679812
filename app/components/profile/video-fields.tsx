import { inputClass } from '../auth/field-styles';
import { Field, errorProps } from '../forms/field';
import type { FieldErrors } from './personal-fields';

/** SPEC §2/§5: three video clip inputs, YouTube or Vimeo links only. */
export function VideoFields({ urls, errors }: { urls: readonly (string | null)[]; errors: FieldErrors }) {
  return (
    <div className="flex flex-col gap-4">
      {[1, 2, 3].map((n) => {
        const name = `videoClip${n}`;
        return (
          <Field key={name} id={name} label={`Video clip ${n}`} error={errors[name]}>
            <input id={name} name={name} type="url" inputMode="url" defaultValue={urls[n - 1] ?? ''} placeholder="https://www.youtube.com/watch?v=…" className={inputClass} {...errorProps(name, errors[name])} />
          </Field>
        );
      })}
      <p className="text-xs text-slate-500">YouTube or Vimeo links. Videos play in a privacy-friendly player only when someone presses play.</p>
    </div>
  );
}
