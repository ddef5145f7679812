import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { PhotoUpload } from '~/components/profile/photo-upload';
import { ProfileForm } from '~/components/profile/profile-form';
import { ProfileHeading } from '~/components/profile/profile-heading';
import { ProfileSummary } from '~/components/profile/profile-summary';
import { CoachProfileMore } from '~/components/profile/coach-profile-more';
import { BookCoachButton } from '~/components/public/book-coach-button';
import { ProfileActions } from '~/components/public/profile-actions';
import { PublicCoachProfile } from '~/components/public/public-coach-profile';
import { useViewer } from '~/components/shell/shell-user';
import { getCurrentUser } from '~/auth/guards.server';
import { canonicalUrl } from '~/public/canonical.server';
import { onlyDialogChanged } from '~/public/dialog-param';
import { publicPageMeta } from '~/public/page-meta';
import { loadPublicCoachProfile } from '~/public/public-coach-profile.server';
import { PackageList } from '~/components/packages/package-list';
import { PackagesCard } from '~/components/packages/packages-card';
import { EnquiryButton } from '~/components/messaging/enquiry-button';
import { loadProfilePage } from '~/profile/profile-page.server';
import { profileAction } from '~/profile/profile-route.server';
import { placeChoiceOf } from '~/profile/profile-places.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const name = data?.profile.fullName;
  const title = data && !data.signedIn ? `${name} · Football coach · FACT` : `${data?.title ?? 'Coach Profile'}${name && data && !data.own ? ` · ${name}` : ''} · FACT`;
  return publicPageMeta({ title, description: data?.description ?? 'A football coach on FACT.', canonical: data?.canonical ?? '/CoachProfile' });
};

/**
 * SPEC §2 CoachProfile: 'My Coach Profile', or 'Coach Profile' read-only via ?userId for any
 * signed-in user and, with its public fields only, for signed-out visitors (decision 048).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await getCurrentUser(request, context))) return loadPublicCoachProfile(request, context);
  const page = await loadProfilePage(request, context, 'CoachProfile');
  return {
    ...page,
    // The own form's base place, by name (issue 46).
    basePlace: page.own ? await placeChoiceOf(context, page.profile.coachProfile?.basePlaceId) : null,
    signedIn: true as const,
    canonical: canonicalUrl(context, request, `/CoachProfile?userId=${page.profile.id}`),
    description: `${page.profile.fullName}'s coach profile on FACT.`,
  };
}

export const action = (args: ActionFunctionArgs) => profileAction(args, 'CoachProfile');

/** Opening or closing the booking dialog (`open=book`) changes no data of the page. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => (onlyDialogChanged(args) ? false : args.defaultShouldRevalidate);

export default function CoachProfilePage() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const viewer = useViewer();
  const forPlayerId = params.get('for');
  if (!data.signedIn) return <PublicCoachProfile profile={data.profile} packages={data.packages} forPlayerId={forPlayerId} />;
  const { title, profile, own, showDeletionCard, pendingDeletion, hasPassword, availability, packages, basePlace } = data;
  const coach = profile.coachProfile;
  const canBook = !own && viewer?.role !== 'admin' && profile.isActive;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <ProfileHeading title={title} name={profile.fullName} avatarUrl={profile.avatarUrl} chips={[profile.userType, ...(coach?.isVerified ? ['verified'] : [])]}>
        {own ? <PhotoUpload /> : null}
        {canBook ? (
          <ProfileActions>
            <BookCoachButton coachId={profile.id} coachName={profile.fullName} signedIn forPlayerId={forPlayerId} />
            <EnquiryButton coachId={profile.id} coachName={profile.fullName} />
          </ProfileActions>
        ) : null}
      </ProfileHeading>
      {own ? <ProfileForm personal={profile} coach={coach} basePlace={basePlace} videos={[0, 1, 2].map((i) => profile.videoClips[i]?.url ?? null)} /> : <ProfileSummary profile={profile} />}
      {own && coach ? (
        <PackagesCard packages={packages} offer={{ ratePence: coach.hourlyRatePence, lengths: coach.sessionLengths }} />
      ) : (
        <PackageList packages={packages} coach={{ id: profile.id, name: profile.fullName }} buyer={canBook && viewer?.userType === 'client' ? 'client' : null} />
      )}
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
