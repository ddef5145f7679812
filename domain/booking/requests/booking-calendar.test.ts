import { describe, expect, it } from 'vitest';
import { bookingWindowBounds } from './booking-calendar';

const now = new Date('2026-03-27T10:30:00Z'); // Friday, GMT; clocks go forward on Sunday 29 March

describe('the booking window', () => {
  it('offers London days from today to 90 days ahead, across the clock changes and late in the evening', () => {
    expect(bookingWindowBounds(now)).toEqual({ today: '2026-03-27', lastDay: '2026-06-25' });
    expect(bookingWindowBounds(new Date('2026-03-28T23:59:00Z'))).toEqual({ today: '2026-03-28', lastDay: '2026-06-26' }); // GMT: still the 28th
    expect(bookingWindowBounds(new Date('2026-10-24T23:30:00Z'))).toEqual({ today: '2026-10-25', lastDay: '2027-01-23' }); // BST: already the 25th
    expect(bookingWindowBounds(new Date('2026-12-31T23:59:59Z'))).toEqual({ today: '2026-12-31', lastDay: '2027-03-31' });
  });
});
