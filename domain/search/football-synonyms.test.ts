import { describe, expect, it } from 'vitest';
import { COACHING_TYPES } from '../shared/catalogue';
import { FOOTBALL_SYNONYMS, specialisationsNamedBy } from './football-synonyms';

describe('the football words that name a specialisation', () => {
  it("reads 'goalkeeper', 'goalie' and 'keeper' as goalkeeping, in any case and in the plural", () => {
    for (const word of ['goalkeeper', 'Goalie', 'KEEPER', 'goalkeepers', 'goalies', 'keepers', 'goalkeeping', 'gk']) {
      expect(specialisationsNamedBy(word), word).toEqual(['goalkeeping']);
    }
  });

  it("reads 'striker', 'forward' and 'finishing' as the striker specialisation", () => {
    for (const word of ['striker', 'strikers', 'Forward', 'forwards', 'finishing', 'finisher', 'centre-forward']) {
      expect(specialisationsNamedBy(word), word).toEqual(['striker']);
    }
  });

  it('reads the other specialisations by their common names, British and American spellings alike', () => {
    expect(specialisationsNamedBy('defence')).toEqual(['defense']);
    expect(specialisationsNamedBy('defenders')).toEqual(['defense']);
    expect(specialisationsNamedBy('centre-back')).toEqual(['defense']);
    expect(specialisationsNamedBy('midfielder')).toEqual(['midfield']);
    expect(specialisationsNamedBy('playmaker')).toEqual(['midfield']);
    expect(specialisationsNamedBy('conditioning')).toEqual(['fitness_conditioning']);
    expect(specialisationsNamedBy('tactics')).toEqual(['tactical_analysis']);
    expect(specialisationsNamedBy('analyst')).toEqual(['tactical_analysis']);
  });

  it('names nothing for ordinary words, parts of names or skills', () => {
    for (const word of ['coach', 'leeds', 'keep', 'goal', 'strike', 'passing', 'speed', 's', '', 'goalkeeperss']) {
      expect(specialisationsNamedBy(word), word).toEqual([]);
    }
  });

  it('lists every specialisation of the catalogue, each name once, in lower case', () => {
    expect(Object.keys(FOOTBALL_SYNONYMS).sort()).toEqual([...COACHING_TYPES].sort());
    const names = COACHING_TYPES.flatMap((type) => FOOTBALL_SYNONYMS[type]);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toBe(name.toLowerCase());
    // A name's plural must not be another specialisation's name.
    for (const type of COACHING_TYPES) for (const name of FOOTBALL_SYNONYMS[type]) expect(specialisationsNamedBy(`${name}s`), name).toEqual([type]);
  });
});
