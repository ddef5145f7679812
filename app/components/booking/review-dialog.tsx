import { useState } from 'react';
import { FieldError, FormAlert, Modal, inputClass, labelClass, primaryButton, secondaryButton } from './modal';
import { useBookingAction } from './use-booking-action';

const WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** SPEC §2 review dialog: 1–5 stars and an optional comment; the client rates the Coach, the coach the Client. */
export function ReviewDialog({ bookingId, revieweeLabel, revieweeName, onClose }: { bookingId: string; revieweeLabel: 'Coach' | 'Client'; revieweeName: string; onClose: () => void }) {
  const { fetcher, busy, error, errorDetail, fieldErrors, clearError } = useBookingAction({ onSuccess: onClose });
  const [rating, setRating] = useState(0);
  const [hover, setHover] = useState(0);
  const shown = hover || rating;
  return (
    <Modal title="Leave a Review" description={`How was your session with ${revieweeName}?`} onClose={onClose}>
      <fetcher.Form method="post" noValidate onChange={clearError}>
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="bookingId" value={bookingId} />
        <input type="hidden" name="rating" value={rating === 0 ? '' : String(rating)} />
        <FormAlert message={error} detail={errorDetail} />
        <fieldset>
          <legend className={labelClass}>Rate your {revieweeLabel}</legend>
          <div className="flex items-center gap-1" onMouseLeave={() => setHover(0)}>
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                type="button"
                aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
                aria-pressed={rating === n}
                onMouseEnter={() => setHover(n)}
                onClick={() => (setRating(n), clearError())}
                className="rounded p-0.5"
              >
                <svg viewBox="0 0 24 24" className="h-8 w-8" aria-hidden="true">
                  <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3 6.1 20.5l1.3-6.5L2.5 9.4l6.6-.8z" fill={n <= shown ? '#f59e0b' : '#e2e8f0'} />
                </svg>
              </button>
            ))}
            <span className="ml-2 text-sm text-slate-600">{WORDS[shown]}</span>
          </div>
          <FieldError id="rating-error" messages={fieldErrors.rating} />
        </fieldset>
        <label htmlFor="review-comment" className={`${labelClass} mt-4`}>
          Comment <span className="font-normal text-slate-400">(optional, at least 10 characters)</span>
        </label>
        <textarea id="review-comment" name="comment" rows={4} maxLength={1000} className={inputClass} placeholder="What went well? What could be better?" />
        <FieldError id="comment-error" messages={fieldErrors.comment} />
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? 'Submitting…' : 'Submit Review'}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
