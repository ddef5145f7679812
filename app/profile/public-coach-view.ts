import { displayName, type User } from '../../domain/accounts/users/user';
import type { CoachProfile } from '../../domain/accounts/users/coach-profile';
import { videoEmbedUrl } from '../../domain/accounts/media/video-clips';
import type { VideoClipView } from './profile-view';

/**
 * A coach's profile as a signed-out visitor sees it (decision 048): the public fields only, each
 * picked by name — name, photo, place, bio, what they offer at what prices, their rating and
 * reviews, videos. Never an email address, a phone number, an account's state or anything of a
 * client's: a field added to the user or the profile stays private until it is added here.
 */
export interface PublicCoachView {
  readonly id: string;
  readonly fullName: string;
  readonly avatarUrl: string | null;
  readonly bio: string | null;
  readonly locationAddress: string | null;
  readonly videoClips: readonly VideoClipView[];
  readonly coachProfile: {
    readonly hourlyRatePence: number;
    readonly sessionLengths: CoachProfile['sessionLengths'];
    readonly servicesOffered: CoachProfile['servicesOffered'];
    readonly ageGroups: CoachProfile['ageGroups'];
    readonly credentials: CoachProfile['credentials'];
    readonly serviceRadiusMiles: number;
    readonly isVerified: boolean;
    readonly rating: number;
    readonly reviewCount: number;
    readonly totalSessions: number;
  };
}

export function publicCoachView(user: User, coach: CoachProfile): PublicCoachView {
  return {
    id: user.id,
    fullName: displayName(user),
    avatarUrl: user.avatarUrl,
    bio: user.bio,
    locationAddress: user.locationAddress,
    videoClips: [user.videoClip1, user.videoClip2, user.videoClip3].filter((u): u is string => typeof u === 'string' && u !== '').map((url) => ({ url, embedUrl: videoEmbedUrl(url) })),
    coachProfile: {
      hourlyRatePence: coach.hourlyRatePence,
      sessionLengths: coach.sessionLengths,
      servicesOffered: coach.servicesOffered,
      ageGroups: coach.ageGroups,
      credentials: coach.credentials,
      serviceRadiusMiles: coach.serviceRadiusMiles,
      isVerified: coach.isVerified,
      rating: coach.rating,
      reviewCount: coach.reviewCount,
      totalSessions: coach.totalSessions,
    },
  };
}
