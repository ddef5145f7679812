import { describe, expect, it } from 'vitest';
import { dayLabel, relativeTime, sameLondonDay } from './format';

const now = new Date('2026-07-15T12:00:00Z'); // 13:00 in London (BST)

describe('relative times on the Messages page', () => {
  it('says just now, minutes and hours for today', () => {
    expect(relativeTime(new Date(now.getTime() - 20_000), now)).toBe('just now');
    expect(relativeTime(new Date(now.getTime() - 5 * 60_000), now)).toBe('5 min ago');
    expect(relativeTime(new Date('2026-07-15T08:00:00Z'), now)).toBe('4 h ago');
  });
  it('uses London days: 23:30 London the evening before is yesterday', () => {
    expect(relativeTime(new Date('2026-07-14T22:30:00Z'), now)).toBe('Yesterday');
    expect(relativeTime(new Date('2026-07-14T23:30:00Z'), now)).toBe('12 h ago');
  });
  it('names the weekday within a week, then the date', () => {
    expect(relativeTime(new Date('2026-07-11T10:00:00Z'), now)).toBe('Saturday');
    expect(relativeTime(new Date('2026-06-01T10:00:00Z'), now)).toBe('1 Jun');
    expect(relativeTime(new Date('2025-12-01T10:00:00Z'), now)).toBe('1 Dec 2025');
  });
});

describe('day dividers in a conversation', () => {
  it('labels today, yesterday and older days', () => {
    expect(dayLabel(new Date('2026-07-15T06:00:00Z'), now)).toBe('Today');
    expect(dayLabel(new Date('2026-07-14T06:00:00Z'), now)).toBe('Yesterday');
    expect(dayLabel(new Date('2026-07-01T06:00:00Z'), now)).toBe('Wed, 1 Jul 2026');
  });
  it('compares days in London, not UTC', () => {
    expect(sameLondonDay(new Date('2026-07-14T23:30:00Z'), new Date('2026-07-15T10:00:00Z'))).toBe(true);
  });
});
