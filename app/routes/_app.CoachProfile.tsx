import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AvailabilitySection } from '~/components/availability/availability-section';
import { DeletionCard } from '~/components/profile/deletion-card';
import { CalendarFeedCard } from '~/components/profile/calendar-feed-card';
import { DataExportCard } from '~/components/profile/data-export-card';
import { EmailPreferences } from '~/components/profile/email-preferences';
import { PasswordCard } from '~/components/profile/password-card';
import { GetPaidCard } from '~/components/payouts/get-paid-card';
import { PhotoUpload } from '~/components/profile/photo-upload';
import { ProfileForm } from '~/components/profile/profile-form';
import { ProfileHeading } from '~/components/profile/profile-heading';
import { ProfileSummary } from '~/components/profile/profile-summary';
import { VideoPlayer } from '~/components/profile/video-player';
import { loadProfilePage } from '~/profile/profile-page.server';
import { profileAction } from '~/profile/profile-route.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Coach Profile'} — FACT` }];

/** SPEC §2 CoachProfile: 'My Coach Profile', or 'Coach Profile' read-only for any signed-in user via ?userId. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadProfilePage(request, context, 'CoachProfile'), { headers: { 'Cache-Control': 'private, no-store' } });
}

export const action = (args: ActionFunctionArgs) => profileAction(args, 'CoachProfile');

export default function CoachProfilePage() {
  const { title, profile, own, showDeletionCard, pendingDeletion, hasPassword, availability, today } = useLoaderData<typeof loader>();
  const coach = profile.coachProfile;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <ProfileHeading title={title} name={profile.fullName} avatarUrl={profile.avatarUrl} chips={[profile.userType, ...(coach?.isVerified ? ['verified'] : [])]}>
        {own ? <PhotoUpload /> : null}
      </ProfileHeading>
      {own ? (
        <ProfileForm personal={profile} coach={coach} videos={[0, 1, 2].map((i) => profile.videoClips[i]?.url ?? null)} />
      ) : (
        <ProfileSummary profile={profile} />
      )}
      {profile.videoClips.length > 0 ? (
        <section aria-labelledby="videos-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="videos-title" className="mb-4 text-lg font-semibold text-slate-900">
            Videos
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {profile.videoClips.map((clip, i) => (
              <VideoPlayer key={clip.url} url={clip.url} embedUrl={clip.embedUrl} title={`Video ${i + 1}`} />
            ))}
          </div>
        </section>
      ) : null}
      <AvailabilitySection rows={availability} today={today} editable={own} />
      {own ? <GetPaidCard /> : null}
      {own ? <PasswordCard hasPassword={hasPassword} email={profile.email} /> : null}
      {own ? <EmailPreferences /> : null}
      {own ? <CalendarFeedCard /> : null}
      {own ? <DataExportCard /> : null}
      {showDeletionCard ? <DeletionCard pending={pendingDeletion} /> : null}
    </div>
  );
}
