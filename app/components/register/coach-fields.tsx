import { AGE_GROUP_OPTIONS, COACHING_TYPE_OPTIONS } from '../../../domain/shared/catalogue';
import { inputClass } from '../auth/field-styles';
import { CheckboxGroup } from '../forms/checkbox-group';
import { Field, errorProps } from '../forms/field';
import type { FieldErrors } from './profile-fields';

/** SPEC §2 Register coach block: hourly rate, services, age groups, credentials, service radius. */
export function RegisterCoachFields({ prefix, errors }: { prefix: string; errors: FieldErrors }) {
  const id = (name: string) => `${prefix}-${name}`;
  return (
    <section aria-labelledby={id('coach-heading')} className="flex flex-col gap-4 rounded-xl border border-pitch-200 bg-pitch-50/40 p-4 sm:p-5">
      <h3 id={id('coach-heading')} className="text-base font-semibold text-slate-900">
        Coach profile
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('hourlyRate')} label="Hourly rate (£ per session)" required error={errors.hourlyRate}>
          <input
            id={id('hourlyRate')}
            name="hourlyRate"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            defaultValue={50}
            className={inputClass}
            {...errorProps(id('hourlyRate'), errors.hourlyRate)}
          />
        </Field>
        <Field id={id('serviceRadius')} label="Service radius (miles)" error={errors.serviceRadius}>
          <input
            id={id('serviceRadius')}
            name="serviceRadius"
            type="number"
            min={1}
            max={500}
            step={1}
            inputMode="numeric"
            defaultValue={25}
            className={inputClass}
            {...errorProps(id('serviceRadius'), errors.serviceRadius)}
          />
        </Field>
      </div>
      <CheckboxGroup name="servicesOffered" legend="Services offered" options={COACHING_TYPE_OPTIONS} error={errors.servicesOffered} />
      <CheckboxGroup name="ageGroups" columns="grid-cols-2" legend="Age groups" options={AGE_GROUP_OPTIONS} error={errors.ageGroups} />
      <Field id={id('credentials')} label="Credentials" hint="One per line, e.g. UEFA B Licence" error={errors.credentials}>
        <textarea id={id('credentials')} name="credentials" rows={3} className={inputClass} {...errorProps(id('credentials'), errors.credentials)} />
      </Field>
    </section>
  );
}
