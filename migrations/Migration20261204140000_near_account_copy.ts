import { Migration } from '@mikro-orm/migrations';

/**
 * Decision 061 (amended): the listing's user-level conditions, copied onto coach_profiles, so a
 * search near a place never probes users.
 *
 * The best rated and lowest price orders near a place, and the count, read every coach within
 * reach; each was also a probe of users_listed_coach_ids for `user_type = 'coach' and is_active
 * and erased_at is null`, which was most of what those statements read.
 *
 * - coach_profiles.account_open: that condition of the profile's user, kept by triggers as
 *   search_text is (decision 018), not by the application: deactivation, erasure and a change of
 *   type go through the user repository, the admin tools and raw SQL in fixtures and the bench
 *   loader, and a copy one of them forgot would list an erased coach. One trigger sets it whenever
 *   a profile is inserted or its user_id or account_open is written (so it cannot be set to
 *   anything else); one writes a user's new value to their profile when it changes.
 * - coach_profiles_place_reach and coach_profiles_longest_radius take it into their predicate, so
 *   a near search's coaches are read index-only with no join to users at all.
 */
const IN_PERSON = `is_listed and base_earth is not null and session_mode <> 'online'`;
const OPEN = `u.user_type = 'coach' and u.is_active and u.erased_at is null`;
const PLACE_REACH = `on coach_profiles (base_place_id, service_radius_miles)
  include (rating, total_sessions, from_price_pence, user_id, services_offered, age_groups)`;

export class Migration20261204140000_near_account_copy extends Migration {
  override async up(): Promise<void> {
    // Added as true and then put right for the few profiles whose account is not open, so the rows
    // of open coaches (nearly all) are not rewritten: a rewrite of every profile would clear the
    // visibility map, and until the next VACUUM no near search could be read index-only. The
    // default goes back to false afterwards (no rewrite either); the trigger sets it on insert anyway.
    this.addSql(`alter table coach_profiles add column account_open boolean not null default true;`);
    this.addSql(`alter table coach_profiles alter column account_open set default false;`);
    this.addSql(`
      create function coach_profiles_copy_account_open() returns trigger language plpgsql as $$
      begin
        new.account_open := coalesce((select ${OPEN} from users u where u.id = new.user_id), false);
        return new;
      end $$;`);
    this.addSql(`
      create function users_copy_account_open_to_profile() returns trigger language plpgsql as $$
      begin
        update coach_profiles set account_open = (new.user_type = 'coach' and new.is_active and new.erased_at is null) where user_id = new.id;
        return null;
      end $$;`);
    this.addSql(`update coach_profiles cp set account_open = false where not exists (select 1 from users u where u.id = cp.user_id and ${OPEN});`);
    this.addSql(`
      create trigger coach_profiles_account_open before insert or update of user_id, account_open on coach_profiles
        for each row execute function coach_profiles_copy_account_open();`);
    this.addSql(`
      create trigger users_account_open_to_profile after update of user_type, is_active, erased_at on users
        for each row when ((old.user_type = 'coach' and old.is_active and old.erased_at is null)
                           is distinct from (new.user_type = 'coach' and new.is_active and new.erased_at is null))
        execute function users_copy_account_open_to_profile();`);
    // The two indexes are built again over every profile: may outlast the app's statement timeout on
    // a large database; the migration runs once, in its own transaction.
    this.addSql(`set local statement_timeout = 0;`);
    this.addSql(`set local maintenance_work_mem = '256MB';`);
    this.addSql(`drop index coach_profiles_place_reach;`);
    this.addSql(`create index coach_profiles_place_reach ${PLACE_REACH} where ${IN_PERSON} and account_open;`);
    this.addSql(`drop index coach_profiles_longest_radius;`);
    this.addSql(`create index coach_profiles_longest_radius on coach_profiles (service_radius_miles) where ${IN_PERSON} and account_open;`);
    this.addSql(`analyze coach_profiles;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists coach_profiles_longest_radius;`);
    this.addSql(`create index coach_profiles_longest_radius on coach_profiles (service_radius_miles) where ${IN_PERSON};`);
    this.addSql(`drop index if exists coach_profiles_place_reach;`);
    this.addSql(`create index coach_profiles_place_reach ${PLACE_REACH} where ${IN_PERSON};`);
    this.addSql(`drop trigger if exists users_account_open_to_profile on users;`);
    this.addSql(`drop trigger if exists coach_profiles_account_open on coach_profiles;`);
    this.addSql(`drop function if exists users_copy_account_open_to_profile();`);
    this.addSql(`drop function if exists coach_profiles_copy_account_open();`);
    this.addSql(`alter table coach_profiles drop column if exists account_open;`);
  }
}
