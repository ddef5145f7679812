import { specialisationsNamedBy } from '../../../domain/search/football-synonyms';

/**
 * FindCoaches' search words in SQL (decision 018). Each word matches a coach when
 * - it is any part of the name, bio or location (SPEC: 'matches any part', case-insensitive), or
 * - a word of them has the same English stem ('coaching' finds 'coaches'; PostgreSQL's `english`
 *   configuration decides, through the stems kept in capitals in the copy: search_stem_pattern), or
 * - it names a specialisation the coach offers ('goalie' finds goalkeeping coaches:
 *   domain/search/football-synonyms.ts).
 * Every test reads coach_profiles.search_text and services_offered, which coach_profiles_listing
 * covers (a walk in list order stays index-only) and coach_profiles_search_trgm and
 * coach_profiles_services index (a collection of rare words is a BitmapOr).
 */

export interface SqlPart {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** pg_trgm takes its trigrams from runs of letters and digits: a word without three in a row has none. */
const TRIGRAM_WORD = /[\p{L}\p{N}]{3}/u;

/**
 * The characters (a one-character word) or the pairs of characters (a longer one) a text contains
 * whenever it contains `word`: what coach_profiles_search_grams is looked up by (decision 063).
 */
export function shortGrams(word: string): string[] {
  const chars = [...word.toLowerCase()];
  if (chars.length === 1) return chars;
  return [...new Set(chars.slice(1).map((c, i) => chars[i]! + c))];
}

/**
 * How a lowercased text is tested for containing `word`. A word the trigram index can look up
 * is a LIKE (coach_profiles_search_trgm serves it). A shorter one ('fc', 'u9') or one of signs only
 * is a strpos, which decides, and on the copy also a containment of its characters or pairs in
 * search_short_grams, which coach_profiles_search_grams serves (decision 063): the planner collects
 * a rare one there and walks the list for a common one, testing the strpos first (the cheaper
 * filter) so the pairs are computed only for the rows that match. A LIKE whose pattern has no
 * trigram would make the trigram index return every coach to be rechecked (a no-match two-letter
 * word cost ~0.9 s at 100 000 coaches that way); a strpos alone walked every coach for a word
 * nobody uses (0.11–0.22 s). Both match the word anywhere, literally.
 */
export function containsWord(word: string, shortWordIndex = true): { test: (column: string) => string; params: (column: string) => unknown[] } {
  if (TRIGRAM_WORD.test(word)) return { test: (column) => `${column} like ?`, params: () => [containsPattern(word)] };
  const grams = shortGrams(word);
  const indexed = (column: string) => shortWordIndex && column === 'cp.search_text' && grams.length > 0;
  return {
    test: (column) => (indexed(column) ? `(strpos(${column}, ?) > 0 and search_short_grams(${column}) @> array[${grams.map(() => '?').join(', ')}]::text[])` : `strpos(${column}, ?) > 0`),
    params: (column) => [word.toLowerCase(), ...(indexed(column) ? grams : [])],
  };
}

/**
 * Words English stemming can change: letters only, three or more (a shorter word's stem is itself,
 * and a word with digits or signs is several tokens to PostgreSQL, matched as a substring only).
 */
const STEMMABLE = /^\p{L}{3,}$/u;

/**
 * The endings of every suffix PostgreSQL's English stemmer (Snowball's Porter2: steps 0–5 and its
 * exceptional words) removes or replaces. A word ending otherwise ('alex', 'kick', 'touch') is its
 * own stem, and every word with that stem contains it ('kicks', 'kicking'), so its substring test
 * already finds them all: the stem test is left out. That saves a second LIKE on every row a walk
 * reads and, more, keeps the planner from counting the same coaches twice (it estimates `a or b`
 * as independent, and took 'alex ashbury' for four times commoner than it is: a 37 000-row walk,
 * 50–100 ms at 100 000 coaches). A word that may change keeps it, with PostgreSQL deciding the stem
 * (search_stem_pattern). text-search.test.ts checks the rule against PostgreSQL's own stems.
 */
const MAY_STEM = /(?:[eisy]|ed|ing|al|ful|ll|er|or|ic|ism|ant|ent|ion)$/u;

/** Whether a search word gets the English stem test: only letters, three or more, with a suffix English stemming may change. */
export function stemTested(word: string): boolean {
  return STEMMABLE.test(word) && MAY_STEM.test(word.toLowerCase());
}

/** One word's test on a search text (the copy, or the text built for a null copy). */
function wordOn(word: string, column: string, shortWordIndex: boolean): SqlPart {
  const contains = containsWord(word, shortWordIndex);
  const arms: SqlPart[] = [{ sql: contains.test(column), params: contains.params(column) }];
  if (stemTested(word)) arms.push({ sql: `${column} like search_stem_pattern(?)`, params: [word.toLowerCase()] });
  const named = specialisationsNamedBy(word);
  if (named.length > 0) arms.push({ sql: `cp.services_offered && array[${named.map(() => '?').join(', ')}]::text[]`, params: named });
  return arms.length === 1 ? arms[0]! : { sql: `(${arms.map((a) => a.sql).join(' or ')})`, params: arms.flatMap((a) => a.params) };
}

const and = (parts: readonly SqlPart[]): SqlPart => ({ sql: parts.map((p) => p.sql).join(' and '), params: parts.flatMap((p) => p.params) });

/**
 * The words' clause, or null without words or location. Every word (and the location, part of the
 * copy) on the copy in one conjunction, so one trigram index scan looks them all up; or, for the few
 * coaches whose copy is null (over 2 000 bytes), every word on the text built from the user. The
 * location's exact test on users stays the caller's: a coach whose copy lacks it cannot match, so
 * this leaves them out early.
 *
 * `shortWordIndex: false` leaves out the pairs test of a word without trigram (the strpos alone
 * decides), for the count: a count reads every match, and the pairs cost 0.1–0.2 ms a row to
 * compute, 15 s for 'fa' at 100 000 coaches; a page computes them for its ≤ 21 matches only.
 */
export function textClause(searchWords: readonly string[], location: string | null, { shortWordIndex = true } = {}): SqlPart | null {
  // The filters' parser already folds control characters (the copy's separator is one); a caller
  // that did not gets no match through them either.
  const words = searchWords.map((w) => w.replace(/\p{Cc}/gu, '')).filter((w) => w.length > 0);
  if (words.length === 0 && !location) return null;
  const place = location ? containsWord(location, shortWordIndex) : null;
  const onCopy = and([...words.map((w) => wordOn(w, 'cp.search_text', shortWordIndex)), ...(place ? [{ sql: place.test('cp.search_text'), params: place.params('cp.search_text') }] : [])]);
  const onText = and([{ sql: 'cp.search_text is null', params: [] }, ...words.map((w) => wordOn(w, 'coach_search_text_of(cp.user_id)', shortWordIndex))]);
  return { sql: `((${onCopy.sql}) or (${onText.sql}))`, params: [...onCopy.params, ...onText.params] };
}
