import { useFetcher } from '@remix-run/react';
import type { ReactNode } from 'react';
import { primaryButtonClass } from '../auth/field-styles';
import { FormAlert } from '../forms/form-alert';
import { SubmittedValuesProvider } from '../forms/submitted-values';
import { CoachFields, type CoachValues } from './coach-fields';
import { failureOf, formAlertOf, useActionToast, useFormResult, type ActionResult } from './action-result';
import { PersonalFields, type PersonalValues } from './personal-fields';
import { VideoFields } from './video-fields';
import { CoachPlaceFields, HomePlaceField } from './place-fields';
import type { PlaceChoice } from '../../../domain/search/places';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/**
 * The owner's profile form with 'Save Changes' (SPEC §2); coaches also edit the coach block (with
 * their base place, issue 46) and videos; a client may save a home place (`homePlace` given).
 */
export function ProfileForm({
  personal,
  coach,
  videos,
  basePlace = null,
  homePlace,
}: {
  personal: PersonalValues;
  coach?: CoachValues | null;
  videos?: readonly (string | null)[];
  basePlace?: PlaceChoice | null;
  homePlace?: PlaceChoice | null;
}) {
  const fetcher = useFetcher<ActionResult>({ key: 'profile-save' });
  useActionToast(fetcher.data);
  const answer = useFormResult(fetcher.data, 'profile');
  const failure = failureOf(answer.result);
  const alert = formAlertOf(answer);
  const errors = failure?.fieldErrors ?? {};
  const saving = fetcher.state !== 'idle';
  // Refused after a page post: the fields show what was typed, not the stored profile.
  const submitted = answer.posted ? (failure?.values ?? null) : null;
  return (
    <fetcher.Form method="post" noValidate className="flex flex-col gap-6">
      <input type="hidden" name="intent" value="profile" />
      <FormAlert message={alert?.message} tone={alert?.tone} />
      <SubmittedValuesProvider value={submitted}>
        <Section title="Personal details">
          <PersonalFields values={personal} errors={errors} />
          {homePlace !== undefined ? (
            <div className="mt-5">
              <HomePlaceField homePlace={homePlace} errors={errors} />
            </div>
          ) : null}
        </Section>
        {coach ? (
          <Section title="Coaching">
            <div className="flex flex-col gap-5">
              <CoachPlaceFields basePlace={basePlace} sessionMode={coach.sessionMode ?? 'in_person'} errors={errors} />
              <CoachFields values={coach} errors={errors} />
            </div>
          </Section>
        ) : null}
        {videos ? (
          <Section title="Video clips">
            <VideoFields urls={videos} errors={errors} />
          </Section>
        ) : null}
      </SubmittedValuesProvider>
      <div className="flex justify-end">
        <button type="submit" className={`${primaryButtonClass} w-full px-6 sm:w-auto`} disabled={saving}>
          {saving ? 'Saving…' : 'Save Changes'}
        </button>
      </div>
    </fetcher.Form>
  );
}
