import * as z from 'zod';
import { formNumber } from '../validation/fields';
import { sanitiseText } from '../shared/sanitise';

/** SPEC §5: rating an integer 1–5; comment 10–1000 characters when given (optional in the dialog). */
export const REVIEW_MESSAGES = {
  rating: 'Please select a rating',
  commentTooShort: 'Comment must be at least 10 characters',
  commentTooLong: 'Comment must be 1000 characters or fewer',
  submitFailed: 'Error submitting review. Please try again.',
} as const;

export const MIN_COMMENT_LENGTH = 10;
export const MAX_COMMENT_LENGTH = 1000;

export const ratingSchema = formNumber(REVIEW_MESSAGES.rating).pipe(
  z.number({ error: REVIEW_MESSAGES.rating }).int(REVIEW_MESSAGES.rating).min(1, REVIEW_MESSAGES.rating).max(5, REVIEW_MESSAGES.rating),
);

/** Null when left blank; otherwise sanitised, trimmed, 10–1000 characters. */
export const reviewCommentSchema = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string({ error: REVIEW_MESSAGES.commentTooShort })
    .overwrite(sanitiseText)
    .trim()
    .transform((s, ctx): string | null => {
      if (s === '') return null;
      if (s.length < MIN_COMMENT_LENGTH) ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.commentTooShort });
      else if (s.length > MAX_COMMENT_LENGTH) ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.commentTooLong });
      return s;
    }),
);

export const reviewFormSchema = z.object({
  rating: ratingSchema,
  comment: reviewCommentSchema,
});
export type ReviewForm = z.output<typeof reviewFormSchema>;
