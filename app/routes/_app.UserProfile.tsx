import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PhotoUpload } from '~/components/profile/photo-upload';
import { ProfileForm } from '~/components/profile/profile-form';
import { ProfileHeading } from '~/components/profile/profile-heading';
import { ProfileSummary } from '~/components/profile/profile-summary';
import { UserProfileMore } from '~/components/profile/user-profile-more';
import { requireUser } from '~/auth/guards.server';
import { loadPlayerRows } from '~/profile/player-actions.server';
import { loadProfilePage } from '~/profile/profile-page.server';
import { profileAction } from '~/profile/profile-route.server';
import { placeChoiceOf } from '~/profile/profile-places.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Profile'} · FACT` }];

/** SPEC §2 UserProfile: 'My Profile', or 'User Profile' read-only via ?userId (own, booked coaches, admins). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await loadProfilePage(request, context, 'UserProfile');
  // Decision 017: a client's own page lists their players (the Players card).
  const client = page.own && page.profile.userType === 'client' && page.profile.role !== 'admin';
  const user = client ? await requireUser(request, context) : null;
  const players = user ? await loadPlayerRows(context, user) : [];
  // Issue 46 §3: the client's saved home place, by name (null: none saved; absent: not a client's own page).
  const homePlace = user ? await placeChoiceOf(context, user.homePlaceId) : undefined;
  return json({ ...page, players, homePlace }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export const action = (args: ActionFunctionArgs) => profileAction(args, 'UserProfile');

export default function UserProfilePage() {
  const { title, profile, own, showDeletionCard, pendingDeletion, hasPassword, players, today, homePlace } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <ProfileHeading title={title} name={profile.fullName} avatarUrl={profile.avatarUrl} chips={[profile.userType, profile.role]}>
        {own ? <PhotoUpload /> : null}
      </ProfileHeading>
      {own ? <ProfileForm personal={profile} homePlace={homePlace} /> : <ProfileSummary profile={profile} />}
      {own || showDeletionCard ? (
        <UserProfileMore
          own={own}
          showPlayers={profile.userType === 'client' && profile.role !== 'admin'}
          players={players}
          today={today}
          hasPassword={hasPassword}
          email={profile.email}
          showDeletionCard={showDeletionCard}
          pendingDeletion={pendingDeletion}
        />
      ) : null}
    </div>
  );
}
