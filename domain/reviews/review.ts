import * as z from 'zod';
import type { Actor } from '../policy/actor';
import { conflict, forbidden, invalid } from '../shared/errors';
import { isId, type Id } from '../shared/ids';
import { err, ok, type Result } from '../shared/result';
import type { BookingParties } from '../policy/booking-parties';
import { partyRoleIn } from '../policy/permissions';
import { reviewFormSchema } from './review.schemas';

/** SPEC §3: a party's review of the other party after a completed session. */
export type ReviewerType = 'client' | 'coach';

export interface Review {
  readonly id: Id;
  readonly bookingId: Id;
  readonly coachId: Id;
  readonly reviewerId: Id;
  readonly revieweeId: Id;
  /** 'client' rates the Coach; 'coach' rates the Client (SPEC §6). */
  readonly reviewerType: ReviewerType;
  readonly rating: number;
  readonly comment: string | null;
  readonly createdAt: Date;
}

/** The booking as reviews need it; a full Booking satisfies it. */
export type ReviewableBooking = BookingParties;

export const reviewErrors = {
  notBookingParty: () => forbidden('NOT_BOOKING_PARTY', 'Only the client and the coach of a session can review it.'),
  bookingNotCompleted: () => conflict('BOOKING_NOT_COMPLETED', 'You can review a session once it is completed.'),
  alreadySubmitted: () => conflict('REVIEW_ALREADY_SUBMITTED', 'You have already reviewed this session.'),
  invalidRecord: (detail: string) => invalid('INVALID_RECORD', `Stored review is invalid: ${detail}`),
} as const;

/**
 * A party reviews a completed booking, once (the database enforces one review per reviewer per
 * booking too). The reviewee is the other party.
 */
export function submitReview(input: { id: Id; booking: ReviewableBooking; actor: Actor; form: unknown; alreadyReviewed: boolean }, now: Date): Result<Review> {
  const party = partyRoleIn(input.actor, input.booking);
  if (party === null) return err(reviewErrors.notBookingParty());
  if (input.booking.status !== 'completed') return err(reviewErrors.bookingNotCompleted());
  if (input.alreadyReviewed) return err(reviewErrors.alreadySubmitted());
  const form = reviewFormSchema.safeParse(input.form);
  if (!form.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of form.error.issues) (fieldErrors[issue.path.map(String).join('.') || '_form'] ??= []).push(issue.message);
    return err(invalid('VALIDATION_FAILED', form.error.issues[0]?.message ?? 'Please check your input and try again.', fieldErrors));
  }
  return ok({
    id: input.id,
    bookingId: input.booking.id,
    coachId: input.booking.coachId,
    reviewerId: input.actor.userId,
    revieweeId: party === 'client' ? input.booking.coachId : input.booking.clientId,
    reviewerType: party,
    rating: form.data.rating,
    comment: form.data.comment,
    createdAt: now,
  });
}

const reviewRowSchema = z.object({
  id: z.string().refine(isId, 'id'),
  bookingId: z.string().refine(isId, 'bookingId'),
  coachId: z.string().refine(isId, 'coachId'),
  reviewerId: z.string().refine(isId, 'reviewerId'),
  revieweeId: z.string().refine(isId, 'revieweeId'),
  reviewerType: z.preprocess((v) => (v === 'user' ? 'client' : v), z.enum(['client', 'coach'])),
  rating: z.number().int().min(1).max(5),
  comment: z.preprocess((v) => (v === undefined || v === '' ? null : v), z.string().nullable()),
  createdAt: z.coerce.date(),
});

export function parseReview(row: unknown): Result<Review> {
  const parsed = reviewRowSchema.safeParse(row);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return err(reviewErrors.invalidRecord(`${first?.path.join('.') ?? ''} ${first?.message ?? ''}`.trim()));
  }
  return ok(parsed.data);
}
