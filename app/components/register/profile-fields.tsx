import { COACHING_TYPE_OPTIONS, SESSION_TIME_OPTIONS } from '../../../domain/shared/catalogue';
import { inputClass } from '../auth/field-styles';
import { CheckboxGroup } from '../forms/checkbox-group';
import { Field, errorProps } from '../forms/field';

export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/** SPEC §2 Register fields shared by both tabs: name, phone, location, bio and preferences. */
export function RegisterProfileFields({ prefix, errors, nameRequired = true }: { prefix: string; errors: FieldErrors; nameRequired?: boolean }) {
  const id = (name: string) => `${prefix}-${name}`;
  return (
    <>
      <Field id={id('fullName')} label="Full name" required={nameRequired} error={errors.fullName} hint={nameRequired ? undefined : 'Leave empty to use the name on your Google account.'}>
        <input id={id('fullName')} name="fullName" autoComplete="name" className={inputClass} {...errorProps(id('fullName'), errors.fullName)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('phone')} label="Phone" required error={errors.phone}>
          <input id={id('phone')} name="phone" type="tel" autoComplete="tel" placeholder="+44 7700 900123" className={inputClass} {...errorProps(id('phone'), errors.phone)} />
        </Field>
        <Field id={id('location')} label="Location" required error={errors.location}>
          <input id={id('location')} name="location" autoComplete="address-level2" placeholder="Town or city" className={inputClass} {...errorProps(id('location'), errors.location)} />
        </Field>
      </div>
      <Field id={id('bio')} label="Bio" error={errors.bio}>
        <textarea id={id('bio')} name="bio" rows={3} maxLength={1000} className={inputClass} placeholder="A few words about you and your football" {...errorProps(id('bio'), errors.bio)} />
      </Field>
      <CheckboxGroup name="preferredCoachingTypes" legend="Preferred coaching types" options={COACHING_TYPE_OPTIONS} error={errors.preferredCoachingTypes} />
      <CheckboxGroup name="preferredSessionTimes" columns="grid-cols-2" legend="Preferred session times" options={SESSION_TIME_OPTIONS} error={errors.preferredSessionTimes} />
    </>
  );
}
