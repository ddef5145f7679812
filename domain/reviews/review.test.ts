import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { unwrap } from '../shared/result';
import { aBooking, adminActor, client2Actor, clientActor, coachActor, IDS, NOW } from '../testing/fixtures';
import { averageRating, coachRatingFrom, starsFor, totalSessions } from './coach-rating';
import { parseReview, submitReview } from './review';
import { reviewFormSchema } from './review.schemas';

const id = '70000000-0000-4000-8000-000000000001';
const completed = aBooking({ status: 'completed' });

describe('review form (SPEC §5)', () => {
  it("takes a whole rating 1 to 5: 'Please select a rating'", () => {
    for (const rating of [0, 6, 2.5, '', undefined]) {
      expect(reviewFormSchema.safeParse({ rating }).error?.issues[0]?.message).toBe('Please select a rating');
    }
    expect(reviewFormSchema.parse({ rating: '4' })).toEqual({ rating: 4, comment: null });
  });

  it('takes an optional comment of 10 to 1000 characters', () => {
    expect(reviewFormSchema.parse({ rating: 5, comment: '   ' }).comment).toBeNull();
    expect(reviewFormSchema.safeParse({ rating: 5, comment: 'Too short' }).error?.issues[0]?.message).toBe('Comment must be at least 10 characters');
    expect(reviewFormSchema.safeParse({ rating: 5, comment: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe('Comment must be 1000 characters or fewer');
    expect(reviewFormSchema.parse({ rating: 5, comment: ' Great <b>session</b> ' }).comment).toBe('Great bsession/b');
  });
});

describe('submitReview', () => {
  it('lets the client rate the coach', () => {
    expect(unwrap(submitReview({ id, booking: completed, actor: clientActor, form: { rating: 5, comment: 'Brilliant finishing drills' }, alreadyReviewed: false }, NOW))).toEqual({
      id,
      bookingId: IDS.booking,
      coachId: IDS.coach,
      reviewerId: IDS.client,
      revieweeId: IDS.coach,
      reviewerType: 'client',
      rating: 5,
      comment: 'Brilliant finishing drills',
      createdAt: NOW,
    });
  });

  it('lets the coach rate the client', () => {
    const review = unwrap(submitReview({ id, booking: completed, actor: coachActor, form: { rating: 4 }, alreadyReviewed: false }, NOW));
    expect(review).toMatchObject({ reviewerType: 'coach', revieweeId: IDS.client, coachId: IDS.coach });
  });

  it('needs a completed booking', () => {
    expect(submitReview({ id, booking: aBooking({ status: 'confirmed' }), actor: clientActor, form: { rating: 5 }, alreadyReviewed: false }, NOW)).toMatchObject({
      ok: false,
      error: { kind: 'conflict', code: 'BOOKING_NOT_COMPLETED' },
    });
  });

  it('is for the parties only', () => {
    for (const actor of [client2Actor, adminActor]) {
      expect(submitReview({ id, booking: completed, actor, form: { rating: 5 }, alreadyReviewed: false }, NOW)).toMatchObject({
        ok: false,
        error: { kind: 'forbidden', code: 'NOT_BOOKING_PARTY' },
      });
    }
  });

  it("allows one review per party per booking: 'REVIEW_ALREADY_SUBMITTED'", () => {
    expect(submitReview({ id, booking: completed, actor: clientActor, form: { rating: 5 }, alreadyReviewed: true }, NOW)).toMatchObject({
      ok: false,
      error: { kind: 'conflict', code: 'REVIEW_ALREADY_SUBMITTED' },
    });
  });

  it('refuses an invalid form with field errors', () => {
    expect(submitReview({ id, booking: completed, actor: clientActor, form: { rating: 0 }, alreadyReviewed: false }, NOW)).toMatchObject({
      ok: false,
      error: { kind: 'invalid', message: 'Please select a rating', fieldErrors: { rating: ['Please select a rating'] } },
    });
  });

  it('re-validates stored rows', () => {
    const review = unwrap(submitReview({ id, booking: completed, actor: clientActor, form: { rating: 5 }, alreadyReviewed: false }, NOW));
    expect(unwrap(parseReview({ ...review, reviewerType: 'user' })).reviewerType).toBe('client');
    expect(parseReview({ ...review, rating: 7 }).ok).toBe(false);
  });
});

describe('coach rating (SPEC §3)', () => {
  it('is the average of client reviews rounded to one decimal, 0 without reviews', () => {
    expect(averageRating([])).toBe(0);
    expect(averageRating([5, 4])).toBe(4.5);
    expect(averageRating([5, 5, 4])).toBe(4.7);
    expect(averageRating([4, 4, 5, 5, 5, 5])).toBe(4.7);
  });

  it('always lies between the lowest and highest rating, on the 0–5 scale with one decimal', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 500 }), (ratings) => {
        const avg = averageRating(ratings);
        expect(avg).toBeGreaterThanOrEqual(Math.min(...ratings));
        expect(avg).toBeLessThanOrEqual(Math.max(...ratings));
        expect(Number.isInteger(Math.round(avg * 10))).toBe(true);
        expect(Math.abs(avg * 10 - Math.round(avg * 10))).toBeLessThan(1e-9);
        const exact = ratings.reduce((a, b) => a + b, 0) / ratings.length;
        expect(Math.abs(avg - exact)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
      { numRuns: 1000 },
    );
  });

  it("counts only clients' reviews of that coach", () => {
    const base = { coachId: IDS.coach, reviewerType: 'client' as const };
    const reviews = [
      { ...base, rating: 5 },
      { ...base, rating: 3 },
      { ...base, reviewerType: 'coach' as const, rating: 1 },
      { ...base, coachId: IDS.coach2, rating: 1 },
    ];
    expect(coachRatingFrom(reviews, IDS.coach)).toEqual({ rating: 4, reviewCount: 2 });
  });

  it('counts completed bookings as total sessions', () => {
    const bookings = [
      { coachId: IDS.coach, status: 'completed' },
      { coachId: IDS.coach, status: 'cancelled' },
      { coachId: IDS.coach, status: 'completed' },
      { coachId: IDS.coach2, status: 'completed' },
    ];
    expect(totalSessions(bookings, IDS.coach)).toBe(2);
  });

  it('draws five stars with a half star from .5', () => {
    expect(starsFor(4.5)).toEqual({ full: 4, half: true, empty: 0 });
    expect(starsFor(3.2)).toEqual({ full: 3, half: false, empty: 2 });
    expect(starsFor(0)).toEqual({ full: 0, half: false, empty: 5 });
  });
});
