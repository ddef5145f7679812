import { COACHING_TYPE_OPTIONS, SESSION_TIME_OPTIONS } from '../../../domain/shared/catalogue';
import { inputClass } from '../auth/field-styles';
import { CheckboxGroup } from '../forms/checkbox-group';
import { Field, errorProps } from '../forms/field';
import { useSubmittedText } from '../forms/submitted-values';

export type FieldErrors = Readonly<Record<string, readonly string[]>>;

export interface PersonalValues {
  readonly fullName: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly locationAddress: string | null;
  readonly bio: string | null;
  readonly preferredCoachingTypes: readonly string[];
  readonly preferredSessionTimes: readonly string[];
}

/** SPEC §2 profile fields: name, (email shown), phone, location, bio, preferred types and times. */
export function PersonalFields({ values, errors }: { values: PersonalValues; errors: FieldErrors }) {
  const fullName = useSubmittedText('fullName', values.fullName);
  const phone = useSubmittedText('phone', values.phone ?? '');
  const location = useSubmittedText('location', values.locationAddress ?? '');
  const bio = useSubmittedText('bio', values.bio ?? '');
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="fullName" label="Full name" error={errors.fullName}>
          <input id="fullName" name="fullName" autoComplete="name" defaultValue={fullName} className={inputClass} {...errorProps('fullName', errors.fullName)} />
        </Field>
        <Field id="email" label="Email" hint="Your sign-in email cannot be changed here.">
          <input id="email" value={values.email ?? ''} readOnly disabled className={`${inputClass} bg-slate-50 text-slate-500`} />
        </Field>
        <Field id="phone" label="Phone" error={errors.phone}>
          <input id="phone" name="phone" type="tel" autoComplete="tel" defaultValue={phone} placeholder="+44 7700 900123" className={inputClass} {...errorProps('phone', errors.phone)} />
        </Field>
        <Field id="location" label="Location" error={errors.location}>
          <input id="location" name="location" defaultValue={location} placeholder="Town or city" className={inputClass} {...errorProps('location', errors.location)} />
        </Field>
      </div>
      <Field id="bio" label="Bio" error={errors.bio}>
        <textarea id="bio" name="bio" rows={4} maxLength={1000} defaultValue={bio} className={inputClass} {...errorProps('bio', errors.bio)} />
      </Field>
      <CheckboxGroup
        name="preferredCoachingTypes"
        legend="Preferred coaching types"
        options={COACHING_TYPE_OPTIONS}
        defaultValues={values.preferredCoachingTypes}
        error={errors.preferredCoachingTypes}
        submitEmpty
      />
      <CheckboxGroup
        name="preferredSessionTimes"
        legend="Preferred session times"
        options={SESSION_TIME_OPTIONS}
        defaultValues={values.preferredSessionTimes}
        error={errors.preferredSessionTimes}
        columns="grid-cols-2"
        submitEmpty
      />
    </div>
  );
}
