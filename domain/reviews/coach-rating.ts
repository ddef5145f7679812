import type { Review } from './review';

/**
 * SPEC §3 coach rating (0 to 5): the average of clients' reviews of the coach, rounded to one
 * decimal; 0 when there are none. Reviews written by coaches (about clients) do not count.
 */
export function averageRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((a, b) => a + b, 0);
  // Integer arithmetic first so that x.x5 rounds the same way on every platform.
  return Math.round((sum * 10) / ratings.length) / 10;
}

export function coachRatingFrom(
  reviews: readonly Pick<Review, 'coachId' | 'reviewerType' | 'rating'>[],
  coachId: string,
): {
  rating: number;
  reviewCount: number;
} {
  const ratings = reviews.filter((r) => r.coachId === coachId && r.reviewerType === 'client').map((r) => r.rating);
  return { rating: averageRating(ratings), reviewCount: ratings.length };
}

/** SPEC §3 total_sessions: a coach's completed bookings. */
export function totalSessions(bookings: readonly { readonly coachId: string; readonly status: string }[], coachId: string): number {
  return bookings.filter((b) => b.coachId === coachId && b.status === 'completed').length;
}

/** Five stars for a rating, for cards: how many are full and whether a half star shows. */
export function starsFor(rating: number): { full: number; half: boolean; empty: number } {
  const clamped = Math.max(0, Math.min(5, rating));
  const full = Math.floor(clamped);
  const half = clamped - full >= 0.5;
  return { full, half, empty: 5 - full - (half ? 1 : 0) };
}
