import { inputClass } from '../auth/field-styles';
import { Field, errorProps } from '../forms/field';
import { useSubmittedText } from '../forms/submitted-values';
import type { FieldErrors } from './personal-fields';

function VideoClipField({ n, stored, errors }: { n: number; stored: string | null; errors: FieldErrors }) {
  const name = `videoClip${n}`;
  const url = useSubmittedText(name, stored ?? '');
  return (
    <Field id={name} label={`Video clip ${n}`} error={errors[name]}>
      <input id={name} name={name} type="url" inputMode="url" defaultValue={url} placeholder="https://www.youtube.com/watch?v=…" className={inputClass} {...errorProps(name, errors[name])} />
    </Field>
  );
}

/** SPEC §2/§5: three video clip inputs, YouTube or Vimeo links only. */
export function VideoFields({ urls, errors }: { urls: readonly (string | null)[]; errors: FieldErrors }) {
  return (
    <div className="flex flex-col gap-4">
      {[1, 2, 3].map((n) => (
        <VideoClipField key={n} n={n} stored={urls[n - 1] ?? null} errors={errors} />
      ))}
      <p className="text-xs text-slate-500">YouTube or Vimeo links. Videos play in a privacy-friendly player only when someone presses play.</p>
    </div>
  );
}
