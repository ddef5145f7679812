import type { Id } from '../../../shared/ids';
import { err, ok, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { canViewProfile } from '../../../policy/permissions';
import { accountErrors } from '../account-errors';
import type { Actor } from '../../../policy/actor';
import type { CoachProfile } from '../coach-profile';
import type { User } from '../user';

/** The profile a viewer may see; what of it they are shown is the page's view (app/profile/profile-view.ts). */
export interface ViewedProfile {
  readonly user: User;
  readonly coachProfile: CoachProfile | null;
}

/**
 * Opens a profile page (SPEC §2 UserProfile / CoachProfile, with or without userId). A profile
 * the viewer may not see answers 'User not found' (404), as if it did not exist. A signed-out
 * viewer (null) names the profile and may see only an active coach's (decision 048).
 */
export async function viewProfile(deps: { uow: UnitOfWork }, input: { viewer: Actor | null; userId?: Id | null }): Promise<Result<ViewedProfile>> {
  const repos = deps.uow.read;
  const targetId = input.userId || input.viewer?.userId;
  if (!targetId) return err(accountErrors.userNotFound());
  const user = await repos.users.findById(targetId);
  if (!user) return err(accountErrors.userNotFound());
  const viewer = input.viewer;
  const needsBookingCheck = viewer !== null && viewer.userType === 'coach' && user.userType === 'client' && viewer.userId !== user.id;
  const hasBookingTogether = needsBookingCheck ? await repos.bookingParties.haveBookingTogether(viewer.userId, user.id) : false;
  if (!canViewProfile(input.viewer, user, { hasBookingTogether })) return err(accountErrors.userNotFound());
  const coachProfile = user.userType === 'coach' ? await repos.coachProfiles.findByUserId(user.id) : null;
  return ok({ user, coachProfile });
}
