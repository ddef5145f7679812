import { redirect, type AppLoadContext } from '@remix-run/node';
import { profileViewFor, type ProfileView } from './profile-view';
import { viewProfile } from '../../domain/accounts/users/use-cases/view-profile';
import { toActor } from '../../domain/accounts/users/user';
import { pagePath, pageUrl, type PageName } from '../navigation/pages';
import { redirectFor } from '../navigation/routing';
import { utcToLondon } from '../../domain/shared/london-time';
import { requireUser } from '~/auth/guards.server';
import { availabilityRow, type AvailabilityRow } from './availability-view';
import { requestDeps } from '~/request-deps.server';
import { coachOfferings } from '../../domain/packages/use-cases/coach-offerings';
import { packageCard, type PackageCard } from '~/packages/package-view';

/**
 * What UserProfile and CoachProfile load (SPEC §2): the profile as this viewer may see it
 * (404 'User not found' otherwise), whether it is read-only, the deletion card's state, and for
 * coaches the availability calendar. Admins on their own profile pages go to AdminDashboard;
 * a client's own CoachProfile is their UserProfile.
 */
export async function loadProfilePage(request: Request, context: AppLoadContext, page: 'UserProfile' | 'CoachProfile') {
  const user = await requireUser(request, context);
  const actor = toActor(user);
  const viewingUserId = new URL(request.url).searchParams.get('userId') || null;
  const away: PageName | null = redirectFor(page, actor, { viewingUserId });
  if (away) throw redirect(pagePath(away));
  const deps = requestDeps(context);
  const view = await viewProfile(deps, { viewer: actor, userId: viewingUserId });
  if (!view.ok) throw new Response('User not found', { status: 404 });
  const profile = asSent(profileViewFor(actor, view.value.user, view.value.coachProfile));
  if (page === 'CoachProfile' && profile.userType !== 'coach') throw redirect(pageUrl('UserProfile', { userId: viewingUserId }));

  const own = !profile.readOnly;
  const showDeletionCard = own && actor.role !== 'admin';
  const pendingDeletion = showDeletionCard ? (await deps.uow.read.deletionRequests.findPendingByUserId(user.id)) !== null : false;
  let availability: AvailabilityRow[] = [];
  let packages: PackageCard[] = [];
  const coach = view.value.coachProfile;
  if (profile.userType === 'coach' && coach) {
    const offerings = await coachOfferings(deps, { viewer: actor, coachId: profile.id });
    availability = offerings.periods.map(availabilityRow);
    packages = offerings.packages.map((o) => packageCard(o, { ratePence: coach.hourlyRatePence, lengths: coach.sessionLengths }));
  }
  const title = page === 'CoachProfile' ? (own ? 'My Coach Profile' : 'Coach Profile') : own ? 'My Profile' : 'User Profile';
  return {
    title,
    profile,
    own,
    showDeletionCard,
    pendingDeletion,
    /** The Password card: a form, or (Google-only accounts) how to set a first password. */
    hasPassword: own && user.passwordHash !== null,
    availability,
    packages,
    today: utcToLondon(deps.clock.now()).date,
  };
}

/**
 * The profile with its instants as the ISO strings JSON would make of them: the same data the
 * browser gets, so the server's render and the browser's agree.
 */
function asSent(view: ProfileView) {
  const coach = view.coachProfile;
  return {
    ...view,
    deactivatedAt: view.deactivatedAt?.toISOString() ?? null,
    coachProfile: coach && { ...coach, createdAt: coach.createdAt.toISOString(), updatedAt: coach.updatedAt.toISOString() },
  };
}
