import { describe, expect, it } from 'vitest';
import { addDaysToIsoDate } from '../../shared/london-time';
import { bookingWindowBounds, daySlots, isDayBookable, slotState, type CoachCalendar } from './booking-calendar';

const now = new Date('2026-03-27T10:30:00Z'); // Friday, GMT; clocks go forward on Sunday 29 March
const open: CoachCalendar = { availability: [], busy: [] };

describe('the booking dialog calendar', () => {
  it('offers London days from today to 90 days ahead, across the clock changes and late in the evening', () => {
    expect(bookingWindowBounds(now)).toEqual({ today: '2026-03-27', lastDay: '2026-06-25' });
    expect(bookingWindowBounds(new Date('2026-03-28T23:59:00Z'))).toEqual({ today: '2026-03-28', lastDay: '2026-06-26' }); // GMT: still the 28th
    expect(bookingWindowBounds(new Date('2026-10-24T23:30:00Z'))).toEqual({ today: '2026-10-25', lastDay: '2027-01-23' }); // BST: already the 25th
    expect(bookingWindowBounds(new Date('2026-12-31T23:59:59Z'))).toEqual({ today: '2026-12-31', lastDay: '2027-03-31' });
  });

  it('offers hourly slots from 09:00 to 20:00 and marks the ones already gone as past', () => {
    const slots = daySlots('2026-03-27', 60, open, now);
    expect(slots.map((s) => s.time)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00']);
    expect(slots.filter((s) => s.state === 'past').map((s) => s.time)).toEqual(['09:00', '10:00']);
  });

  it('disables a slot overlapping a confirmed session, for the chosen duration', () => {
    // 14:00–15:00 London on 30 March (BST) is 13:00–14:00 UTC.
    const calendar: CoachCalendar = { availability: [], busy: [{ startsAt: new Date('2026-03-30T13:00:00Z'), endsAt: new Date('2026-03-30T14:00:00Z') }] };
    expect(slotState('2026-03-30', '14:00', 60, calendar, now)).toBe('taken');
    expect(slotState('2026-03-30', '13:00', 60, calendar, now)).toBe('available');
    expect(slotState('2026-03-30', '13:00', 90, calendar, now)).toBe('taken');
    expect(slotState('2026-03-30', '15:00', 60, calendar, now)).toBe('available');
  });

  it('keeps to the periods a coach published, and disables the other days', () => {
    const calendar: CoachCalendar = {
      availability: [{ startsAt: new Date('2026-04-01T08:00:00Z'), endsAt: new Date('2026-04-01T12:00:00Z'), isAvailable: true }],
      busy: [],
    };
    expect(
      daySlots('2026-04-01', 60, calendar, now)
        .filter((s) => s.state === 'available')
        .map((s) => s.time),
    ).toEqual(['09:00', '10:00', '11:00', '12:00']);
    expect(isDayBookable('2026-04-02', 60, calendar, now)).toBe(false);
    const window = Array.from({ length: 91 }, (_, i) => addDaysToIsoDate('2026-03-27', i));
    expect(window.filter((d) => isDayBookable(d, 60, calendar, now))).toEqual(['2026-04-01']);
  });

  it('respects a period marked unavailable', () => {
    const calendar: CoachCalendar = {
      availability: [{ startsAt: new Date('2026-04-03T00:00:00Z'), endsAt: new Date('2026-04-04T00:00:00Z'), isAvailable: false }],
      busy: [],
    };
    expect(isDayBookable('2026-04-03', 60, calendar, now)).toBe(false);
    expect(isDayBookable('2026-04-02', 60, calendar, now)).toBe(true);
  });
});
