import { describe, expect, it } from 'vitest';
import { proposedTimeLabel, shortStartLabel } from './reschedule-labels';

describe('the words of a pending reschedule', () => {
  it('names the weekday, the day, the month and the London time', () => {
    expect(shortStartLabel('2026-12-10T17:30')).toBe('Thu 10 Dec, 17:30');
    expect(shortStartLabel('2027-03-01T09:00')).toBe('Mon 1 Mar, 09:00');
  });

  it('says the proposed time in one line', () => {
    expect(proposedTimeLabel('2026-12-10T17:30')).toBe('Proposed new time: Thu 10 Dec, 17:30');
  });
});
