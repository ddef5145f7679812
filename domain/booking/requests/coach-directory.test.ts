import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../shared/clock';
import { isWithinAvailability } from './coach-directory';
import { at, NOW } from '../../testing/booking-fixtures';

const span = (fromH: number, toH: number, isAvailable = true) => ({ startsAt: at(NOW, fromH * HOUR_MS), endsAt: at(NOW, toH * HOUR_MS), isAvailable });
const session = (fromH: number, toH: number) => [at(NOW, fromH * HOUR_MS), at(NOW, toH * HOUR_MS)] as const;

describe('coach availability', () => {
  it('does not restrict a coach who published no periods', () => {
    expect(isWithinAvailability([], ...session(1, 2))).toBe(true);
  });

  it('needs the whole session inside one published period', () => {
    const periods = [span(0, 3), span(5, 8)];
    expect(isWithinAvailability(periods, ...session(1, 2))).toBe(true);
    expect(isWithinAvailability(periods, ...session(2, 3))).toBe(true);
    expect(isWithinAvailability(periods, ...session(2, 4))).toBe(false);
    expect(isWithinAvailability(periods, ...session(3, 5))).toBe(false);
  });

  it('refuses a session touching a period marked unavailable', () => {
    expect(isWithinAvailability([span(1, 2, false)], ...session(0, 1.5))).toBe(false);
    expect(isWithinAvailability([span(1, 2, false)], ...session(2, 3))).toBe(true);
    expect(isWithinAvailability([span(0, 10), span(4, 5, false)], ...session(4.5, 6))).toBe(false);
  });
});
