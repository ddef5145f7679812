import type { Actor } from '../../domain/policy/actor';
import type { CoachProfile } from '../../domain/accounts/users/coach-profile';
import { canEditProfile, canSeeContactDetails, canSeeDeactivationReason } from '../../domain/policy/permissions';
import { displayName, type User } from '../../domain/accounts/users/user';
import { videoEmbedUrl } from '../../domain/accounts/media/video-clips';
import type { Id } from '../../domain/shared/ids';

export interface VideoClipView {
  readonly url: string;
  /** The privacy-friendly player address, or null to show an 'Open video' link. */
  readonly embedUrl: string | null;
}

/**
 * A profile as one viewer may see it (PRODUCT.md 'Who sees what'): email and phone only for
 * the person and admins, the removal reason only for admins, never the password hash or ids of
 * other systems. `readOnly` when the viewer is not the owner.
 */
export interface ProfileView {
  readonly id: Id;
  readonly fullName: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly bio: string | null;
  readonly avatarUrl: string | null;
  readonly locationAddress: string | null;
  readonly role: User['role'];
  readonly userType: User['userType'];
  readonly isActive: boolean;
  readonly deactivatedAt: Date | null;
  readonly deactivationReason: string | null;
  readonly preferredCoachingTypes: User['preferredCoachingTypes'];
  readonly preferredSessionTimes: User['preferredSessionTimes'];
  readonly videoClips: readonly VideoClipView[];
  readonly coachProfile: CoachProfile | null;
  readonly readOnly: boolean;
}

export function profileViewFor(viewer: Actor, user: User, coachProfile: CoachProfile | null): ProfileView {
  const contact = canSeeContactDetails(viewer, user.id);
  const adminView = canSeeDeactivationReason(viewer);
  return {
    id: user.id,
    fullName: displayName(user),
    email: contact ? user.email : null,
    phone: contact ? user.phone : null,
    bio: user.bio,
    avatarUrl: user.avatarUrl,
    locationAddress: user.locationAddress,
    role: user.role,
    userType: user.userType,
    isActive: user.isActive,
    deactivatedAt: adminView ? user.deactivatedAt : null,
    deactivationReason: adminView ? user.deactivationReason : null,
    preferredCoachingTypes: user.preferredCoachingTypes,
    preferredSessionTimes: user.preferredSessionTimes,
    videoClips: [user.videoClip1, user.videoClip2, user.videoClip3].filter((u): u is string => typeof u === 'string' && u !== '').map((url) => ({ url, embedUrl: videoEmbedUrl(url) })),
    coachProfile: user.userType === 'coach' ? coachProfile : null,
    readOnly: !canEditProfile(viewer, user.id),
  };
}
