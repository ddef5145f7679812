import { describe, expect, it } from 'vitest';
import { bookingStatusColour } from './status-colour';

describe('the status colours (SPEC §3)', () => {
  it('colours statuses: pending yellow, confirmed green, cancelled red, completed blue, others grey', () => {
    expect(bookingStatusColour('pending')).toBe('yellow');
    expect(bookingStatusColour('confirmed')).toBe('green');
    expect(bookingStatusColour('cancelled')).toBe('red');
    expect(bookingStatusColour('completed')).toBe('blue');
    expect(bookingStatusColour('in_session')).toBe('grey');
    expect(bookingStatusColour('disputed')).toBe('grey');
  });
});
