import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 46 §5 (decision 018, 'Words people use'): a search word also finds the words that share its
 * English stem ('coaching' finds 'coaches'), decided by PostgreSQL's `english` configuration.
 *
 * The stems go into the copy FindCoaches already reads (coach_profiles.search_text), after the
 * document, in capitals, each between unit separators (U+001F, ␟): `<document>␟COACH␟LICENS␟…␟`.
 * Only lexemes of letters: a word is stemmed only when it is letters. That keeps every test of a
 * word on one column that coach_profiles_listing covers (a walk stays index-only) and that
 * coach_profiles_search_trgm indexes (pg_trgm folds case and splits at ␟, so a stem is looked up
 * like a word), with no new column or index. The capitals keep the two parts apart: the search
 * lowercases its words and drops control characters, so a substring test ('%icens%') can match
 * a lexeme only through letters without case (CJK), which come unchanged from a word of the
 * document; a stem test ('%␟COACH␟%', search_stem_pattern) needs capitals and ␟, so it never
 * matches the document. (␟, not a space: LIKE tries a match at every occurrence of the pattern's
 * first character, and spaces are everywhere.)
 *
 * The copy stays null when it would pass 2 000 bytes (the search then builds it from the user:
 * coach_search_text_of). The triggers of Migration20261125170000 fill it through coach_search_text,
 * which this redefines; the backfill writes search_text, which makes the trigger recompute it.
 */
const MAX_BYTES = 2000;

export class Migration20261203160000_search_word_stems extends Migration {
  override async up(): Promise<void> {
    // array_to_string is only stable because of anyarray; for text[] it is immutable.
    this.addSql(`
      create function search_text_of(document text) returns text
        language sql immutable parallel safe
        return document || chr(31) || coalesce(upper(array_to_string(array(
          select lexeme from unnest(tsvector_to_array(to_tsvector('english', document))) as lexeme where lexeme !~ '[^[:alpha:]]'
        ), chr(31))) || chr(31), '');`);
    this.addSql(`
      create or replace function coach_search_text(document text) returns text
        language sql immutable parallel safe
        return case when octet_length(search_text_of(document)) <= ${MAX_BYTES} then search_text_of(document) end;`);
    // The search text of a coach whose copy is null. Cost 1, as coach_search_document: it runs only
    // for a null copy, and the planner would otherwise charge it to every row a walk might reach.
    this.addSql(`
      create function coach_search_text_of(coach_id uuid) returns text
        language sql stable parallel safe cost 1
        as $$ select search_text_of(search_document) from users where id = coach_id $$;`);
    // The LIKE pattern of a word's stem in the capitals part: '%␟COACH␟%' for 'coaching'. When the
    // stem is the word itself and ends in neither e nor i, every word with that stem contains it
    // ('coach': 'coaches', 'coached'), so the substring test already finds them: the pattern is then
    // one no copy has (two ␟ in a row), which the planner estimates as nearly nothing instead of
    // counting the same coaches twice (it would walk for rare pairs of such words). A stem ending in
    // e or i may be missing from its words ('hoping': hope; 'academies': academi), and a word
    // without a lexeme (a stop word: 'the') is not in any copy.
    this.addSql(`
      create function search_stem_pattern(word text) returns text
        language sql immutable parallel safe
        begin atomic
          select '%' || chr(31) || case when lexeme is null or (lexeme = lower(word) and lexeme !~ '[ei]$') then chr(31) else '' end
                   || upper(replace(replace(replace(coalesce(lexeme, lower(word)), '\\', '\\\\'), '%', '\\%'), '_', '\\_')) || chr(31) || '%'
            from (select (tsvector_to_array(to_tsvector('english', word)))[1] as lexeme) as stem;
        end;`);
    // Every profile row is rewritten (and its index entries): longer than the app's 15 s statement
    // timeout on a large database, and the migration runs once, in its own transaction.
    this.addSql(`set local statement_timeout = 0;`);
    this.addSql(`update coach_profiles set search_text = null;`);
    this.addSql(`analyze coach_profiles;`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      create or replace function coach_search_text(document text) returns text
        language sql immutable parallel safe
        return case when octet_length(document) <= ${MAX_BYTES} then document end;`);
    this.addSql(`set local statement_timeout = 0;`);
    this.addSql(`update coach_profiles set search_text = null;`);
    this.addSql('drop function if exists search_stem_pattern(text);');
    this.addSql('drop function if exists coach_search_text_of(uuid);');
    this.addSql('drop function if exists search_text_of(text);');
    this.addSql(`analyze coach_profiles;`);
  }
}
