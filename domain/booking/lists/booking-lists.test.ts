import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/clock';
import type { BookingStatus } from '../lifecycle/booking';
import { coachDashboardGroupOf, coachDashboardGroups, myBookingsTabOf, myBookingsTabs } from './booking-lists';
import { at, NOW } from '../../testing/booking-fixtures';

const item = (name: string, status: BookingStatus, days: number | null, createdDays = 0) => ({
  name,
  status,
  startsAt: days === null ? null : at(NOW, days * DAY_MS),
  createdAt: at(NOW, createdDays * DAY_MS),
});
const names = (list: { name: string }[]) => list.map((b) => b.name);

describe('MyBookings tabs', () => {
  it('puts pending and confirmed sessions from now on in upcoming', () => {
    expect(myBookingsTabOf(item('a', 'pending', 1), NOW)).toBe('upcoming');
    expect(myBookingsTabOf(item('b', 'confirmed', 0), NOW)).toBe('upcoming');
  });

  it('puts earlier sessions and completed ones in past, and cancelled ones in cancelled only', () => {
    expect(myBookingsTabOf(item('a', 'confirmed', -1), NOW)).toBe('past');
    expect(myBookingsTabOf(item('b', 'completed', 3), NOW)).toBe('past');
    expect(myBookingsTabOf(item('c', 'in_session', -0.01), NOW)).toBe('past');
    expect(myBookingsTabOf(item('d', 'cancelled', -3), NOW)).toBe('cancelled');
    expect(myBookingsTabOf(item('e', 'cancelled', 3), NOW)).toBe('cancelled');
  });

  it('orders upcoming soonest session first, and past and cancelled newest session first', () => {
    const tabs = myBookingsTabs(
      [item('soon', 'pending', 1), item('later', 'confirmed', 5), item('old', 'completed', -5), item('older', 'completed', -9), item('x', 'cancelled', 2), item('y', 'cancelled', 4)],
      NOW,
    );
    expect(names(tabs.upcoming)).toEqual(['soon', 'later']);
    expect(names(tabs.past)).toEqual(['old', 'older']);
    expect(names(tabs.cancelled)).toEqual(['y', 'x']);
  });
});

describe('Coach dashboard groups', () => {
  it('groups pending, upcoming (confirmed and in session) and history', () => {
    expect((['pending', 'confirmed', 'in_session', 'completed', 'cancelled', 'disputed'] as const).map((s) => coachDashboardGroupOf(item('', s, 1)))).toEqual([
      'pending',
      'upcoming',
      'upcoming',
      'history',
      'history',
      'history',
    ]);
  });

  it('orders each group ascending by date with undated last', () => {
    const groups = coachDashboardGroups([item('c', 'pending', 3), item('tbd', 'pending', null), item('a', 'pending', 1), item('b', 'pending', 1, 1), item('h', 'completed', -2)]);
    expect(names(groups.pending)).toEqual(['a', 'b', 'c', 'tbd']);
    expect(names(groups.history)).toEqual(['h']);
    expect(groups.upcoming).toEqual([]);
  });
});
