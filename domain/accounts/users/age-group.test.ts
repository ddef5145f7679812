import { describe, expect, it } from 'vitest';
import { ageGroupsForAge, ageOn, coachesAge, primaryAgeGroup } from './age-group';

describe('a player’s age on a day', () => {
  it('is one less the day before a birthday and turns on the birthday', () => {
    expect(ageOn('2014-06-15', '2026-06-14')).toBe(11);
    expect(ageOn('2014-06-15', '2026-06-15')).toBe(12);
  });

  it('turns on 1 March for a 29 February birthday in a year without one', () => {
    expect(ageOn('2012-02-29', '2026-02-28')).toBe(13);
    expect(ageOn('2012-02-29', '2026-03-01')).toBe(14);
    expect(ageOn('2012-02-29', '2028-02-29')).toBe(16);
    expect(ageOn('2012-02-29', '2028-02-28')).toBe(15);
  });
});

describe('a player’s age group on a day', () => {
  it('is the smallest under_N with age below N', () => {
    expect(ageGroupsForAge(5)).toEqual(['under_8']);
    expect(ageGroupsForAge(7)).toEqual(['under_8']);
    expect(ageGroupsForAge(8)).toEqual(['under_10']);
    expect(ageGroupsForAge(11)).toEqual(['under_12']);
    expect(ageGroupsForAge(12)).toEqual(['under_14']);
    expect(ageGroupsForAge(17)).toEqual(['under_18']);
  });

  it('is adults from 18 and adults and seniors from 35', () => {
    expect(ageGroupsForAge(18)).toEqual(['adults']);
    expect(ageGroupsForAge(34)).toEqual(['adults']);
    expect(ageGroupsForAge(35)).toEqual(['adults', 'seniors']);
  });

  it('moves up a group on the birthday, not the day before', () => {
    expect(primaryAgeGroup(ageOn('2014-06-15', '2026-06-14'))).toBe('under_12');
    expect(primaryAgeGroup(ageOn('2014-06-15', '2026-06-15'))).toBe('under_14');
    expect(primaryAgeGroup(ageOn('2008-02-29', '2026-02-28'))).toBe('under_18');
    expect(primaryAgeGroup(ageOn('2008-02-29', '2026-03-01'))).toBe('adults');
  });

  it('lets a coach of adults or of seniors coach a 40-year-old, and only a coach of under 12s an 11-year-old', () => {
    expect(coachesAge(['seniors'], 40)).toBe(true);
    expect(coachesAge(['adults'], 40)).toBe(true);
    expect(coachesAge(['seniors'], 30)).toBe(false);
    expect(coachesAge(['under_12'], 11)).toBe(true);
    expect(coachesAge(['under_10', 'under_14'], 11)).toBe(false);
  });
});
