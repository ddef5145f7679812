import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DeletionCard } from '~/components/profile/deletion-card';
import { CalendarFeedCard } from '~/components/profile/calendar-feed-card';
import { DataExportCard } from '~/components/profile/data-export-card';
import { EmailPreferences } from '~/components/profile/email-preferences';
import { PasswordCard } from '~/components/profile/password-card';
import { PhotoUpload } from '~/components/profile/photo-upload';
import { ProfileForm } from '~/components/profile/profile-form';
import { ProfileHeading } from '~/components/profile/profile-heading';
import { ProfileSummary } from '~/components/profile/profile-summary';
import { loadProfilePage } from '~/profile/profile-page.server';
import { profileAction } from '~/profile/profile-route.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Profile'} — FACT` }];

/** SPEC §2 UserProfile: 'My Profile', or 'User Profile' read-only via ?userId (own, booked coaches, admins). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadProfilePage(request, context, 'UserProfile'), { headers: { 'Cache-Control': 'private, no-store' } });
}

export const action = (args: ActionFunctionArgs) => profileAction(args, 'UserProfile');

export default function UserProfilePage() {
  const { title, profile, own, showDeletionCard, pendingDeletion, hasPassword } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <ProfileHeading title={title} name={profile.fullName} avatarUrl={profile.avatarUrl} chips={[profile.userType, profile.role]}>
        {own ? <PhotoUpload /> : null}
      </ProfileHeading>
      {own ? <ProfileForm personal={profile} /> : <ProfileSummary profile={profile} />}
      {own ? <PasswordCard hasPassword={hasPassword} email={profile.email} /> : null}
      {own ? <EmailPreferences /> : null}
      {own ? <CalendarFeedCard /> : null}
      {own ? <DataExportCard /> : null}
      {showDeletionCard ? <DeletionCard pending={pendingDeletion} /> : null}
    </div>
  );
}
