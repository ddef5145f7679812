import { describe, expect, it } from 'vitest';
import { AGE_GROUP_LABELS, COACHING_TYPE_LABELS, coachingTypeOptionsOf, COACHING_TYPES, LOCATION_TYPE_LABELS, SESSION_TIME_LABELS, coachingTypeLabel, isCoachingType } from './catalogue';

describe('catalogue (SPEC §3)', () => {
  it('labels the six coaching types', () => {
    expect(COACHING_TYPES).toEqual(['striker', 'midfield', 'defense', 'goalkeeping', 'fitness_conditioning', 'tactical_analysis']);
    expect(COACHING_TYPE_LABELS).toEqual({
      striker: 'Striker & Finishing',
      midfield: 'Midfield & Playmaking',
      defense: 'Defense & Tackling',
      goalkeeping: 'Goalkeeping',
      fitness_conditioning: 'Fitness & Conditioning',
      tactical_analysis: 'Tactical Analysis',
    });
  });

  it('labels the preferred session times', () => {
    expect(SESSION_TIME_LABELS).toEqual({
      morning: 'Morning (6AM-12PM)',
      afternoon: 'Afternoon (12PM-6PM)',
      evening: 'Evening (6PM-10PM)',
      weekend: 'Weekend',
    });
  });

  it('labels the age groups from Under 8 to Seniors (35+)', () => {
    expect(Object.values(AGE_GROUP_LABELS)).toEqual(['Under 8', 'Under 10', 'Under 12', 'Under 14', 'Under 16', 'Under 18', 'Adults (18+)', 'Seniors (35+)']);
  });

  it('labels the five location types', () => {
    expect(Object.keys(LOCATION_TYPE_LABELS)).toEqual(['online', 'client_home', 'coach_location', 'gym', 'outdoor']);
  });

  it("makes a coach's services into choices, in the coach's order", () => {
    expect(coachingTypeOptionsOf(['goalkeeping', 'striker'])).toEqual([
      { value: 'goalkeeping', label: 'Goalkeeping' },
      { value: 'striker', label: 'Striker & Finishing' },
    ]);
  });

  it('falls back to the words of an unknown service value', () => {
    expect(coachingTypeLabel('striker')).toBe('Striker & Finishing');
    expect(coachingTypeLabel('general_sparring')).toBe('General Sparring');
    expect(isCoachingType('striker')).toBe(true);
    expect(isCoachingType('Striker & Finishing')).toBe(false);
  });
});
