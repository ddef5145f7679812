import { COACHING_TYPES, type CoachingType } from '../shared/catalogue';

/**
 * The words people use for each specialisation (decision 018): a search word that
 * names one finds the coaches who offer it, besides every coach whose name, bio or location has
 * the word. The list names specialisations only, not skills ('passing', 'speed'), and it does not
 * expand a word into its fellows' spellings in bios: 'forward' and 'keeper' are ordinary English
 * ('looking forward to'), so 'striker' finding every bio with 'forward' would be noise; a coach
 * offering the specialisation is the reliable fact. English stemming (in PostgreSQL) already
 * joins 'goalkeepers' to 'goalkeeper'; a plural here is for the specialisation match.
 */
export const FOOTBALL_SYNONYMS: Readonly<Record<CoachingType, readonly string[]>> = {
  goalkeeping: ['goalkeeping', 'goalkeeper', 'goalie', 'keeper', 'gk', 'shot-stopper', 'shot-stopping'],
  striker: ['striker', 'forward', 'finishing', 'finisher', 'attacker', 'centre-forward', 'center-forward'],
  midfield: ['midfield', 'midfielder', 'playmaker', 'playmaking'],
  defense: ['defense', 'defence', 'defender', 'defending', 'tackling', 'centre-back', 'center-back', 'full-back', 'fullback'],
  fitness_conditioning: ['fitness', 'conditioning', 's&c'],
  tactical_analysis: ['tactical', 'tactics', 'tactician', 'analysis', 'analyst'],
};

/**
 * The specialisations a search word names: the word as listed, or its plural ('goalies',
 * 'defences'), case-insensitively. Most words name none.
 */
export function specialisationsNamedBy(word: string): CoachingType[] {
  const w = word.toLowerCase();
  const singular = w.endsWith('s') ? w.slice(0, -1) : null;
  return COACHING_TYPES.filter((type) => FOOTBALL_SYNONYMS[type].some((name) => name === w || name === singular));
}
