import { AGE_GROUP_OPTIONS, COACHING_TYPE_OPTIONS } from '../../../domain/shared/catalogue';
import { inputClass } from '../auth/field-styles';
import { CheckboxGroup } from '../forms/checkbox-group';
import { Field, errorProps } from '../forms/field';
import { useSubmittedText } from '../forms/submitted-values';
import type { FieldErrors } from './personal-fields';
import { SessionLengthsFields } from './session-lengths-fields';
import type { SessionLengthPrice } from '../../../domain/shared/session-lengths';
import type { SessionMode } from '../../../domain/search/near';

export interface CoachValues {
  readonly hourlyRatePence: number;
  /** The lengths the coach chose, each with its price; none: every length at the rate. */
  readonly sessionLengths?: readonly SessionLengthPrice[];
  readonly servicesOffered: readonly string[];
  readonly ageGroups: readonly string[];
  readonly credentials: readonly string[];
  readonly serviceRadiusMiles: number;
  readonly sessionMode?: SessionMode;
}

/** SPEC §5 coach profile: rate £10–£1000 (whole pounds), the session lengths and their prices (decision 045), 1–10 services and age groups, credentials, radius. */
export function CoachFields({ values, errors }: { values: CoachValues; errors: FieldErrors }) {
  const rate = useSubmittedText('hourlyRate', String(Math.round(values.hourlyRatePence / 100)));
  const radius = useSubmittedText('serviceRadius', String(values.serviceRadiusMiles));
  const credentials = useSubmittedText('credentials', values.credentials.join('\n'));
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="hourlyRate" label="Hourly rate (£ per session)" hint="Your default price for every session length" required error={errors.hourlyRate}>
          <input
            id="hourlyRate"
            name="hourlyRate"
            type="number"
            min={10}
            max={1000}
            step={1}
            inputMode="numeric"
            defaultValue={rate}
            className={inputClass}
            {...errorProps('hourlyRate', errors.hourlyRate)}
          />
        </Field>
        <Field id="serviceRadius" label="Service radius (miles)" hint="How far you travel to players" error={errors.serviceRadius}>
          <input
            id="serviceRadius"
            name="serviceRadius"
            type="number"
            min={1}
            max={500}
            step={1}
            inputMode="numeric"
            defaultValue={radius}
            className={inputClass}
            {...errorProps('serviceRadius', errors.serviceRadius)}
          />
        </Field>
      </div>
      <SessionLengthsFields ratePence={values.hourlyRatePence} lengths={values.sessionLengths ?? []} errors={errors} />
      <CheckboxGroup name="servicesOffered" legend="Services offered" options={COACHING_TYPE_OPTIONS} defaultValues={values.servicesOffered} error={errors.servicesOffered} required submitEmpty />
      <CheckboxGroup name="ageGroups" legend="Age groups" options={AGE_GROUP_OPTIONS} defaultValues={values.ageGroups} error={errors.ageGroups} columns="grid-cols-2" required submitEmpty />
      <Field id="credentials" label="Credentials" hint="One per line, e.g. UEFA B Licence" error={errors.credentials}>
        <textarea id="credentials" name="credentials" rows={3} defaultValue={credentials} className={inputClass} {...errorProps('credentials', errors.credentials)} />
      </Field>
    </div>
  );
}
