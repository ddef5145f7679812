import { describe, expect, it } from 'vitest';
import { failureText } from './use-booking-action';

describe('failureText (SPEC §8 words for a refused booking action)', () => {
  it('heads a refusal with SPEC’s text and keeps the server’s reason as the detail', () => {
    expect(failureText({ intent: 'accept', code: 'COACH_ALREADY_BOOKED', message: 'The coach already has a confirmed session at this time.' })).toEqual({
      title: 'Error accepting booking. Please try again.',
      detail: 'The coach already has a confirmed session at this time.',
    });
    expect(failureText({ intent: 'cancel', code: 'BOOKING_NOT_CANCELLABLE', message: 'This booking can no longer be cancelled.' }).title).toBe('Error cancelling booking. Please try again.');
    expect(failureText({ intent: 'propose_reschedule', code: 'X', message: 'No.' }).title).toBe('Failed to request reschedule');
  });

  it('keeps a form error’s own words (SPEC §5) and the rate limit’s', () => {
    expect(
      failureText({ intent: 'cancel', code: 'REASON_REQUIRED', message: 'Please provide a reason for cancelling.', fieldErrors: { reason: ['Please provide a reason for cancelling.'] } }),
    ).toEqual({
      title: 'Please provide a reason for cancelling.',
      detail: null,
    });
    expect(failureText({ intent: 'review', code: 'RATE_LIMITED', message: 'Too many requests. Please wait until 10:15' })).toEqual({
      title: 'Too many requests. Please wait until 10:15',
      detail: null,
    });
  });

  it('uses the server’s words for actions SPEC gives none, and SPEC’s when the server said nothing', () => {
    expect(failureText({ intent: 'mark_arrival', code: 'ARRIVAL_TOO_EARLY', message: 'You can mark your arrival from 1 hour before the session starts.' })).toEqual({
      title: 'You can mark your arrival from 1 hour before the session starts.',
      detail: null,
    });
    expect(failureText({ intent: 'decline', message: '' })).toEqual({ title: 'Error declining booking. Please try again.', detail: null });
  });
});
