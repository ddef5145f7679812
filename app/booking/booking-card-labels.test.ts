import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../domain/shared/clock';
import { formatLondonDate, utcToLondon } from '../../domain/shared/london-time';
import { cardTitle, dateLabel, locationLabel, rescheduleView, splitStart } from './booking-card-labels';
import { playerAgeGroupLabel } from './booking-card-view';

describe("a booking card's words", () => {
  it('writes a London date as formatLondonDate does, for every day of three years (clock changes and Septembers included)', () => {
    const from = Date.UTC(2026, 0, 1, 12);
    for (let day = 0; day < 3 * 366; day++) {
      const instant = new Date(from + day * DAY_MS);
      expect(dateLabel(utcToLondon(instant).date)).toBe(formatLondonDate(instant));
    }
  });

  it('names the weekday of any date from 1900 to 2400 as a Date does (leap centuries included)', () => {
    const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    for (let t = Date.UTC(1900, 0, 1); t < Date.UTC(2400, 11, 31); t += 7 * DAY_MS + DAY_MS / 4) {
      const date = new Date(t).toISOString().slice(0, 10);
      expect(dateLabel(date).slice(0, 3), date).toBe(days[new Date(`${date}T00:00:00Z`).getUTCDay()]);
    }
  });

  it('splits a London start into its date and time', () => {
    expect(splitStart('2027-03-05T07:00')).toEqual({ date: '2027-03-05', time: '07:00' });
  });

  it('names the service, the place and the age group as the catalogue does', () => {
    expect(cardTitle({ serviceType: 'midfield' })).toBe('Midfield & Playmaking Session');
    expect(cardTitle({ serviceType: 'fitness_extra' })).toBe('Fitness Extra Session');
    expect(locationLabel('client_home')).toBe("Client's Home");
    expect(locationLabel('somewhere')).toBe('Online');
    expect(playerAgeGroupLabel(11)).toBe('Under 12');
    expect(rescheduleView({})).toBe('none');
  });
});
