import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 46 §6 (decision 063): a search word too short for a trigram ('zq', 'u9', '%_') is looked up
 * through an index instead of walking every listed coach.
 *
 * pg_trgm takes no trigram from a LIKE pattern shorter than three letters or digits, so such a word
 * was a strpos on the copy that no index serves: one nobody uses read the whole listing index
 * (0.11–0.22 s at 100 000 coaches). search_short_grams is the set of one- and two-character
 * substrings of the copy's document part (before the first unit separator: the stems in capitals
 * are never matched by a lowercased short word), and coach_profiles_search_grams indexes it. A
 * word's own characters (one) or pairs (two or more) are all in it when the word is a substring of
 * the document, so `grams @> the word's` never misses a match; the strpos stays beside it and
 * decides (exact for one or two characters, a filter for a longer word without trigram).
 *
 * Not partial, unlike coach_profiles_search_trgm: the planner reads the most common elements of an
 * index expression's statistics only from an index without a predicate (selfuncs.c ignores partial
 * indexes), and without them it takes every pair for 0.5 % of coaches: it collected the 98 % with
 * 'fa' (1.1 s) instead of walking. Unlisted coaches are 2 % of the rows.
 */
export class Migration20261204130000_text_search_scale extends Migration {
  override async up(): Promise<void> {
    // PL/pgSQL filling an array in place: ~0.05 ms a row of 180 characters, against 0.18 ms for the
    // same set built in SQL (generate_series and a subquery a row), which made a walk for a common
    // pair ('fa') cost ~10 ms, 0.5 ms for each of its 21 matches. GIN drops repeated keys itself.
    // Strict: a null copy (a long document) has none. Cost 2 000 (× cpu_operator_cost, ~5 units):
    // the planner charges it to every row a walk reads. At the default 100 a walk looked cheap for a
    // pair it estimates at ~0.5 % of coaches (half the rarest pair it keeps) and, at 1 000 000,
    // walked every coach for 'zq'; at this cost it collects such a pair and still walks for a common
    // one. The strpos beside it is tested first (the cheaper filter), so a walk computes it only on a
    // match.
    this.addSql(`
      create function search_short_grams(search_text text) returns text[]
        language plpgsql immutable strict parallel safe cost 2000 as $$
        declare
          chars text[] := string_to_array(split_part(search_text, chr(31), 1), null);
          n int := cardinality(chars);
          grams text[] := chars;
        begin
          for i in 1 .. n - 1 loop
            grams[n + i] := chars[i] || chars[i + 1];
          end loop;
          return grams;
        end $$;`);
    // The build computes it for every profile: longer than the app's 15 s statement timeout on a
    // large database; the migration runs once, in its own transaction.
    this.addSql(`set local statement_timeout = 0;`);
    this.addSql(`set local maintenance_work_mem = '256MB';`);
    this.addSql(`create index coach_profiles_search_grams on coach_profiles using gin (search_short_grams(search_text));`);
    // Up to 10 000 most common pairs kept instead of 1 000: a pair not among them is estimated at
    // half the rarest kept, so real bios' long tail of pairs makes an unseen pair look as rare as it
    // is. The table's sample is already 300 000 rows for search_text's 1 000
    // (Migration20261125170000), so ANALYZE reads no more rows.
    this.addSql(`alter index coach_profiles_search_grams alter column 1 set statistics 1000;`);
    this.addSql(`analyze coach_profiles;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists coach_profiles_search_grams;');
    this.addSql('drop function if exists search_short_grams(text);');
  }
}
