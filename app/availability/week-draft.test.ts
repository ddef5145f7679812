import { describe, expect, it } from 'vitest';
import { addRange, copyToAllDays, draftOf, postedRanges, removeRange, setRange, switchDay } from './week-draft';

const hours = (draft: ReturnType<typeof draftOf>) => postedRanges(draft).map((r) => `${r.weekday} ${r.start}-${r.end}`);

describe('the week view while it is edited', () => {
  it('starts a first day at 17:00–20:00 and lets later days copy the nearest day that is on', () => {
    let week = switchDay(draftOf([]), 2, true);
    week = switchDay(week, 4, true);
    expect(hours(week)).toEqual(['2 17:00-20:00', '4 17:00-20:00']);
    week = setRange(week, 4, week.days[3]!.ranges[0]!.key, 'start', '18:00');
    week = switchDay(week, 6, true);
    week = switchDay(week, 3, true);
    expect(hours(week)).toEqual(['2 17:00-20:00', '3 17:00-20:00', '4 18:00-20:00', '6 18:00-20:00']);
    week = switchDay(week, 1, true);
    expect(hours(week)[0]).toBe('1 17:00-20:00');
  });

  it('keeps a day’s ranges while it is off, and sends only the days that are on', () => {
    let week = draftOf([{ weekday: 6, start: '09:00', end: '12:00', location: 'Park' }]);
    week = switchDay(week, 6, false);
    expect(postedRanges(week)).toEqual([]);
    week = switchDay(week, 6, true);
    expect(postedRanges(week)).toEqual([{ weekday: 6, start: '09:00', end: '12:00', location: 'Park' }]);
  });

  it('adds the hour after the last range, removes ranges and turns an emptied day off', () => {
    let week = addRange(draftOf([{ weekday: 1, start: '09:00', end: '12:00', location: null }]), 1);
    expect(hours(week)).toEqual(['1 09:00-12:00', '1 12:00-13:00']);
    week = addRange(setRange(week, 1, week.days[0]!.ranges[1]!.key, 'end', '23:45'), 1);
    expect(hours(week).at(-1)).toBe('1 23:00-23:45');
    for (const range of week.days[0]!.ranges) week = removeRange(week, 1, range.key);
    expect(week.days[0]!.on).toBe(false);
  });

  it('moves the Until along when the From passes it', () => {
    const week = draftOf([{ weekday: 1, start: '17:00', end: '20:00', location: null }]);
    const key = week.days[0]!.ranges[0]!.key;
    expect(hours(setRange(week, 1, key, 'start', '20:30'))).toEqual(['1 20:30-21:30']);
    expect(hours(setRange(week, 1, key, 'start', '09:00'))).toEqual(['1 09:00-20:00']);
  });

  it('copies one day to every weekday with one call, each with its own keys', () => {
    const week = copyToAllDays(draftOf([{ weekday: 3, start: '17:00', end: '20:00', location: 'Hackney' }]), 3);
    expect(hours(week)).toEqual([1, 2, 3, 4, 5, 6, 7].map((d) => `${d} 17:00-20:00`));
    expect(postedRanges(week).every((r) => r.location === 'Hackney')).toBe(true);
    expect(new Set(week.days.flatMap((d) => d.ranges.map((r) => r.key))).size).toBe(7);
  });
});
