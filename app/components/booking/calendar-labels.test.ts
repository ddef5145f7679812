import { describe, expect, it } from 'vitest';
import { dayLabel, monthLabel } from './calendar-labels';

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const month = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });

describe('the date picker labels', () => {
  it("name every day of two years as Intl's en-GB weekday and month names do", () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      const d = new Date(t);
      expect(dayLabel(d)).toBe(`${weekday.format(d)} ${d.getUTCDate()} ${month.format(d)} ${d.getUTCFullYear()}`);
    }
  });

  it('name a day and a month as the picker shows them', () => {
    expect(dayLabel(new Date(Date.UTC(2027, 0, 13)))).toBe('Wednesday 13 January 2027');
    expect(monthLabel(new Date(Date.UTC(2026, 11, 31)))).toBe('December 2026');
  });
});
