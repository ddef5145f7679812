import type { CoachingType } from '../shared/catalogue';
import type { Id } from '../shared/ids';
import type { Pence } from '../shared/money';
import type { CoachCard, CoachSearchPage } from './coach-search';

/**
 * FindCoaches' cards as they travel to the browser (issue 20 §1): one array per coach instead of
 * an object, so the eleven field names are not repeated twenty times in every page's loader data
 * (about 3 KB of a 50 KB page). The order of the fields is this file's alone: packCoachCards and
 * unpackCoachCards are the only readers and writers, and a round-trip test holds them together.
 */
export type CoachCardRow = readonly [
  userId: Id,
  fullName: string | null,
  avatarUrl: string | null,
  isVerified: 0 | 1,
  rating: number,
  reviewCount: number,
  totalSessions: number,
  location: string | null,
  servicesOffered: readonly CoachingType[],
  bio: string | null,
  hourlyRatePence: Pence,
];

export interface PackedCoachSearchPage extends Omit<CoachSearchPage, 'coaches'> {
  readonly rows: readonly CoachCardRow[];
}

export function packCoachCards(page: CoachSearchPage): PackedCoachSearchPage {
  const { coaches, ...rest } = page;
  return {
    ...rest,
    rows: coaches.map((c) => [c.userId, c.fullName, c.avatarUrl, c.isVerified ? 1 : 0, c.rating, c.reviewCount, c.totalSessions, c.location, c.servicesOffered, c.bio, c.hourlyRatePence] as const),
  };
}

export function unpackCoachCards(rows: readonly CoachCardRow[]): CoachCard[] {
  return rows.map(([userId, fullName, avatarUrl, isVerified, rating, reviewCount, totalSessions, location, servicesOffered, bio, hourlyRatePence]) => ({
    userId,
    fullName,
    avatarUrl,
    isVerified: isVerified === 1,
    rating,
    reviewCount,
    totalSessions,
    location,
    servicesOffered,
    bio,
    hourlyRatePence,
  }));
}
