import type { PublicCoachView } from '~/profile/public-coach-view';
import { ProfileHeading } from '~/components/profile/profile-heading';
import { ProfileSummary } from '~/components/profile/profile-summary';
import { VideosSection } from '~/components/profile/videos-section';
import type { PackageCard } from '~/packages/package-view';
import { PackageList } from '../packages/package-list';
import { EnquiryButton } from '../messaging/enquiry-button';
import { BookCoachButton } from './book-coach-button';
import { ProfileActions } from './profile-actions';

/**
 * A coach's profile to a signed-out visitor (decision 048): their public fields, read-only, with
 * 'Book' and 'Message', which ask the visitor to log in or register first.
 */
export function PublicCoachProfile({ profile, packages, forPlayerId }: { profile: PublicCoachView; packages: readonly PackageCard[]; forPlayerId: string | null }) {
  const coach = profile.coachProfile;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <ProfileHeading title="Coach Profile" name={profile.fullName} avatarUrl={profile.avatarUrl} chips={['coach', ...(coach.isVerified ? ['verified'] : [])]}>
        <ProfileActions>
          <BookCoachButton coachId={profile.id} coachName={profile.fullName} signedIn={false} forPlayerId={forPlayerId} />
          <EnquiryButton coachId={profile.id} coachName={profile.fullName} />
        </ProfileActions>
      </ProfileHeading>
      <ProfileSummary profile={{ ...profile, email: null, phone: null, isActive: true, preferredCoachingTypes: [], preferredSessionTimes: [] }} />
      <PackageList packages={packages} coach={{ id: profile.id, name: profile.fullName }} buyer="signed-out" />
      <VideosSection clips={profile.videoClips} />
    </div>
  );
}
