import { describe, expect, it } from 'vitest';
import { nextAvailableLabel } from './next-available-view';

const now = new Date('2026-12-01T10:00:00Z'); // Tuesday 1 December, 10:00 in London

describe('nextAvailableLabel', () => {
  it('says today and tomorrow in words, with the London time', () => {
    expect(nextAvailableLabel(new Date('2026-12-01T17:30:00Z'), now)).toBe('Today 17:30');
    expect(nextAvailableLabel(new Date('2026-12-02T09:00:00Z'), now)).toBe('Tomorrow 09:00');
  });

  it('names the weekday within the week and adds the date beyond it', () => {
    expect(nextAvailableLabel(new Date('2026-12-03T17:30:00Z'), now)).toBe('Thu 17:30');
    expect(nextAvailableLabel(new Date('2026-12-07T18:00:00Z'), now)).toBe('Mon 18:00');
    expect(nextAvailableLabel(new Date('2026-12-08T17:30:00Z'), now)).toBe('Tue 8 Dec 17:30');
  });

  it('reads summer times in British Summer Time', () => {
    expect(nextAvailableLabel(new Date('2027-06-01T16:30:00Z'), new Date('2027-05-31T08:00:00Z'))).toBe('Tomorrow 17:30');
  });

  it('counts the day after midnight in London, not in UTC', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    expect(nextAvailableLabel(new Date('2027-06-30T23:30:00Z'), new Date('2027-06-30T12:00:00Z'))).toBe('Tomorrow 00:30');
  });
});
