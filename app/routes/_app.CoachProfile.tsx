import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PhotoUpload } from '~/components/profile/photo-upload';
import { ProfileForm } from '~/components/profile/profile-form';
import { ProfileHeading } from '~/components/profile/profile-heading';
import { ProfileSummary } from '~/components/profile/profile-summary';
import { CoachProfileMore } from '~/components/profile/coach-profile-more';
import { EnquiryButton } from '~/components/messaging/enquiry-button';
import { loadProfilePage } from '~/profile/profile-page.server';
import { profileAction } from '~/profile/profile-route.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Coach Profile'} · FACT` }];

/** SPEC §2 CoachProfile: 'My Coach Profile', or 'Coach Profile' read-only for any signed-in user via ?userId. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadProfilePage(request, context, 'CoachProfile');
}

export const action = (args: ActionFunctionArgs) => profileAction(args, 'CoachProfile');

export default function CoachProfilePage() {
  const { title, profile, own, showDeletionCard, pendingDeletion, hasPassword, availability } = useLoaderData<typeof loader>();
  const coach = profile.coachProfile;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <ProfileHeading title={title} name={profile.fullName} avatarUrl={profile.avatarUrl} chips={[profile.userType, ...(coach?.isVerified ? ['verified'] : [])]}>
        {own ? <PhotoUpload /> : profile.userType === 'coach' ? <EnquiryButton coachId={profile.id} coachName={profile.fullName} /> : null}
      </ProfileHeading>
      {own ? <ProfileForm personal={profile} coach={coach} videos={[0, 1, 2].map((i) => profile.videoClips[i]?.url ?? null)} /> : <ProfileSummary profile={profile} />}
      <CoachProfileMore
        own={own}
        videoClips={profile.videoClips}
        availability={availability}
        hasPassword={hasPassword}
        email={profile.email}
        showDeletionCard={showDeletionCard}
        pendingDeletion={pendingDeletion}
      />
    </div>
  );
}
