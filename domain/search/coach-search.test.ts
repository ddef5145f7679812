import { describe, expect, it } from 'vitest';
import { activeFilterCount, cursorAfter, filtersFromSearchParams, filtersToSearchParams, foundCoachesText, parseCursor, priceBandRange } from './coach-search';

describe('the FindCoaches filters', () => {
  it('reads the filters from the URL and writes back only those set', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('q=%20%20Jamie%20%20%20Smith%20&specialization=goalkeeping&price=30-60&location=Leeds'));
    expect(filters).toEqual({ text: 'Jamie Smith', specialisation: 'goalkeeping', priceBand: '30-60', location: 'Leeds', ageGroup: null, near: null, online: false, sort: 'rating' });
    expect(filtersToSearchParams(filters).toString()).toBe('q=Jamie+Smith&specialization=goalkeeping&price=30-60&location=Leeds');
    expect(activeFilterCount(filters)).toBe(4);
  });

  it('reads control characters in the search text as spaces (the copy separates its stems with one)', () => {
    expect(filtersFromSearchParams(new URLSearchParams('q=goal%1Fkeeper%00%0B')).text).toBe('goal keeper');
    expect(filtersFromSearchParams(new URLSearchParams('q=%1F&location=%1F')).text).toBeNull();
  });

  it('ignores unknown values so a stale shared link still shows coaches', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('specialization=juggling&price=cheap&q=%20'));
    expect(filters).toEqual({ text: null, specialisation: null, priceBand: null, location: null, ageGroup: null, near: null, online: false, sort: 'rating' });
    expect(activeFilterCount(filters)).toBe(0);
  });

  it('reads the age group (decision 017) and counts it as a filter', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('age_group=under_12'));
    expect(filters.ageGroup).toBe('under_12');
    expect(filtersToSearchParams(filters).toString()).toBe('age_group=under_12');
    expect(activeFilterCount(filters)).toBe(1);
    expect(filtersFromSearchParams(new URLSearchParams('age_group=toddlers')).ageGroup).toBeNull();
  });

  it('reads Near a place, sorted by distance by default, counts it as one filter and writes it back', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('near=6620310&miles=10&specialization=striker'));
    expect(filters).toMatchObject({ near: { placeId: 6620310, miles: 10 }, online: false, sort: 'distance' });
    expect(activeFilterCount(filters)).toBe(2);
    expect(filtersToSearchParams(filters).toString()).toBe('specialization=striker&near=6620310&miles=10');
    expect(filtersToSearchParams({ ...filters, sort: 'price' }).toString()).toBe('specialization=striker&near=6620310&miles=10&sort=price');
  });

  it("reads 'Online' in place of a place, and counts it", () => {
    const filters = filtersFromSearchParams(new URLSearchParams('mode=online&near=6620310'));
    expect(filters).toMatchObject({ near: null, online: true, sort: 'rating' });
    expect(activeFilterCount(filters)).toBe(1);
    expect(filtersToSearchParams(filters).toString()).toBe('mode=online');
  });

  it('bands prices in pence with the lower bound inclusive', () => {
    expect(priceBandRange('0-30')).toEqual({ minPence: 0, maxPence: 3000 });
    expect(priceBandRange('30-60')).toEqual({ minPence: 3000, maxPence: 6000 });
    expect(priceBandRange('60-100')).toEqual({ minPence: 6000, maxPence: 10000 });
    expect(priceBandRange('100+')).toEqual({ minPence: 10000, maxPence: null });
  });

  it("says 'Found 1 coach' and 'Found N coaches'", () => {
    expect(foundCoachesText(0)).toBe('Found 0 coaches');
    expect(foundCoachesText(1)).toBe('Found 1 coach');
    expect(foundCoachesText(12)).toBe('Found 12 coaches');
  });

  it('round-trips the keyset cursor and treats anything else as the first page', () => {
    const token = cursorAfter({ rating: 4.5, totalSessions: 12, userId: '2c7a5e1e-0d7f-4c39-9f7a-1b2c3d4e5f60' });
    expect(parseCursor(token)).toEqual({ rating: 4.5, totalSessions: 12, userId: '2c7a5e1e-0d7f-4c39-9f7a-1b2c3d4e5f60' });
    expect(parseCursor('9.9_1_2c7a5e1e-0d7f-4c39-9f7a-1b2c3d4e5f60')).toBeNull();
    expect(parseCursor("1' or 1=1")).toBeNull();
    expect(parseCursor(null)).toBeNull();
  });
});
