import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 20 §8 (decision 018): FindCoaches' text search reads a copy of the coach's search
 * document on coach_profiles, so the listing order and the text live on one table.
 *
 * - coach_profiles.search_text: users.search_document (lower(name bio location)) of the profile's
 *   user, or null when that is longer than 2 000 bytes (the domain allows 100 + 1 000 + 200
 *   characters, up to ~5 KB of multi-byte text; a b-tree tuple holds ~2.7 KB). The search checks
 *   a null copy against users.search_document itself, so the match stays exact.
 * - Kept equal by triggers, not by the application: the document changes through the user
 *   repository, erasure, and raw SQL in fixtures, seeds and the bench loader, and a copy that one
 *   of them forgot would make a coach unfindable (or findable by an erased name). One trigger fills
 *   the copy whenever a profile row is inserted or its user_id or search_text is written (so the
 *   copy cannot be set to anything else); one copies a user's new document to their profile when
 *   name, bio or location changed it.
 * - coach_profiles_listing, re-created with the copy, specialisations, age groups and price
 *   included: a walk in list order checks every filter on the index tuple (index-only) and touches
 *   users only for the coaches that match. (Beside the old, narrower one, the planner sometimes
 *   walked the narrow one and read every row's heap tuple; the unfiltered list walks this one too.)
 * - coach_profiles_search_trgm: the copy's trigrams, for words few coaches match (collected, then
 *   sorted); coach_profiles_search_overflow: the few listed profiles whose copy is null, so the
 *   collection can add them (BitmapOr) and check them against users.
 * - statistics 1 000 on the copy: the planner estimates `like '%word%'` from the column's histogram
 *   (100 entries by default: every word under ~1 % looks like 0.01 %); 1 000 entries tell a 0.1 %
 *   word from a 1 % one, which is where the walk starts to beat the collection.
 */
export const SEARCH_TEXT_MAX_BYTES = 2000;

export class Migration20261125170000_coach_search_text extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table coach_profiles add column search_text text;`);
    this.addSql(`
      create function coach_search_text(document text) returns text
        language sql immutable parallel safe
        return case when octet_length(document) <= ${SEARCH_TEXT_MAX_BYTES} then document end;`);
    // The document of a coach whose copy is null. A function (cost 1) rather than a subquery: the
    // planner charges a subquery in a filter for every row it might reach, so the walk would look
    // ~50 times dearer than it is; this one runs only for a null copy.
    this.addSql(`
      create function coach_search_document(coach_id uuid) returns text
        language sql stable parallel safe cost 1
        as $$ select search_document from users where id = coach_id $$;`);
    this.addSql(`
      create function coach_profiles_copy_search_text() returns trigger language plpgsql as $$
      begin
        new.search_text := (select coach_search_text(u.search_document) from users u where u.id = new.user_id);
        return new;
      end $$;`);
    this.addSql(`
      create function users_copy_search_text_to_profile() returns trigger language plpgsql as $$
      begin
        update coach_profiles set search_text = coach_search_text(new.search_document) where user_id = new.id;
        return null;
      end $$;`);
    this.addSql(`update coach_profiles cp set search_text = coach_search_text(u.search_document) from users u where u.id = cp.user_id;`);
    this.addSql(`
      create trigger coach_profiles_search_text before insert or update of user_id, search_text on coach_profiles
        for each row execute function coach_profiles_copy_search_text();`);
    this.addSql(`
      create trigger users_search_text_to_profile after update of full_name, bio, location_address on users
        for each row when (old.search_document is distinct from new.search_document)
        execute function users_copy_search_text_to_profile();`);
    this.addSql(`alter table coach_profiles alter column search_text set statistics 1000;`);
    this.addSql(`drop index coach_profiles_listing;`);
    this.addSql(`
      create index coach_profiles_listing on coach_profiles (rating desc, total_sessions desc, user_id)
        include (search_text, services_offered, age_groups, hourly_rate_pence) where is_listed;`);
    this.addSql(`create index coach_profiles_search_trgm on coach_profiles using gin (search_text gin_trgm_ops) where is_listed;`);
    this.addSql(`create index coach_profiles_search_overflow on coach_profiles (user_id) where is_listed and search_text is null;`);
    this.addSql(`analyze coach_profiles;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists coach_profiles_search_overflow;');
    this.addSql('drop index if exists coach_profiles_search_trgm;');
    this.addSql('drop index if exists coach_profiles_listing;');
    this.addSql('create index coach_profiles_listing on coach_profiles (rating desc, total_sessions desc, user_id) where is_listed;');
    this.addSql('drop trigger if exists users_search_text_to_profile on users;');
    this.addSql('drop trigger if exists coach_profiles_search_text on coach_profiles;');
    this.addSql('drop function if exists users_copy_search_text_to_profile();');
    this.addSql('drop function if exists coach_profiles_copy_search_text();');
    this.addSql('drop function if exists coach_search_document(uuid);');
    this.addSql('drop function if exists coach_search_text(text);');
    this.addSql('alter table coach_profiles drop column if exists search_text;');
  }
}
