import { describe, expect, it } from 'vitest';
import { bookingErrors, bookingRefusalMessage } from './booking-errors';

describe('the words of a refused booking', () => {
  it('put the reason between "Error creating booking:" and "Please try again."', () => {
    expect(bookingRefusalMessage(bookingErrors.cannotBookSelf().message)).toBe('Error creating booking: You cannot book a session with yourself. Please try again.');
    expect(bookingRefusalMessage('The coach is not available at this time')).toBe('Error creating booking: The coach is not available at this time. Please try again.');
  });

  it('ask only once to try again when the reason already asks', () => {
    expect(bookingRefusalMessage(bookingErrors.referenceUnavailable().message)).toBe('Error creating booking: Could not create a booking reference. Please try again.');
    expect(bookingRefusalMessage('This record changed while you were working on it. Please reload and try again.')).toBe(
      'Error creating booking: This record changed while you were working on it. Please reload and try again.',
    );
  });
});
