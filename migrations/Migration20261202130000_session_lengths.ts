import { Migration } from '@mikro-orm/migrations';

/**
 * Session lengths and prices (decision 045).
 *
 * - coach_session_lengths: the lengths a coach chose (30, 60, 90 or 120 minutes), each with its
 *   price in pence within the stored rate's bounds. A coach with no rows offers every length at
 *   coach_profiles.hourly_rate_pence, as before.
 * - coach_profiles.from_price_pence: the least price the coach offers (the card's 'from £X'), what
 *   FindCoaches filters by. Kept by triggers, in the transaction of the write, not by the
 *   application: the rate is also written by seeds, fixtures and the bench loader in plain SQL, and
 *   a copy one of them forgot would put a coach in the wrong price band. The profile's trigger
 *   fills the copy whenever a profile row is inserted or its rate or copy is written (so the copy
 *   cannot be set to anything else); the lengths' trigger rewrites the copy of the coach whose
 *   lengths changed.
 * - coach_profiles_from_price_listing takes the rate index's place for the price band, and
 *   coach_profiles_listing carries the copy instead of the rate, so a walk in list order still
 *   checks the price band on the index tuple.
 */
export class Migration20261202130000_session_lengths extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table coach_session_lengths (
        coach_id uuid not null references coach_profiles (user_id) on delete cascade,
        minutes integer not null constraint coach_session_lengths_minutes check (minutes in (30, 60, 90, 120)),
        price_pence integer not null constraint coach_session_lengths_price check (price_pence between 100 and 100000),
        primary key (coach_id, minutes)
      );`);
    // Volatile, so that called from a trigger it reads the lengths as the statement left them.
    this.addSql(`
      create function coach_from_price(coach uuid, rate integer) returns integer
        language sql
        return coalesce((select min(price_pence) from coach_session_lengths where coach_id = coach), rate);`);
    this.addSql(`alter table coach_profiles add column from_price_pence integer;`);
    this.addSql(`update coach_profiles set from_price_pence = hourly_rate_pence;`);
    this.addSql(`alter table coach_profiles alter column from_price_pence set not null;`);
    this.addSql(`alter table coach_profiles add constraint coach_profiles_from_price check (from_price_pence between 100 and 100000);`);
    this.addSql(`
      create function coach_profiles_keep_from_price() returns trigger language plpgsql as $$
      begin
        new.from_price_pence := coach_from_price(new.user_id, new.hourly_rate_pence);
        return new;
      end $$;`);
    this.addSql(`
      create trigger coach_profiles_from_price before insert or update of user_id, hourly_rate_pence, from_price_pence on coach_profiles
        for each row execute function coach_profiles_keep_from_price();`);
    // Writing the copy (any value) makes the profile's trigger compute it again.
    this.addSql(`
      create function coach_session_lengths_renew_from_price() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          update coach_profiles set from_price_pence = 0 where user_id = old.coach_id;
        end if;
        if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.coach_id is distinct from old.coach_id) then
          update coach_profiles set from_price_pence = 0 where user_id = new.coach_id;
        end if;
        return null;
      end $$;`);
    this.addSql(`
      create trigger coach_session_lengths_from_price after insert or update or delete on coach_session_lengths
        for each row execute function coach_session_lengths_renew_from_price();`);
    this.addSql(`create index coach_profiles_from_price_listing on coach_profiles (from_price_pence, user_id) where is_listed;`);
    this.addSql(`drop index coach_profiles_rate_listing;`);
    this.addSql(`drop index coach_profiles_listing;`);
    this.addSql(`
      create index coach_profiles_listing on coach_profiles (rating desc, total_sessions desc, user_id)
        include (search_text, services_offered, age_groups, from_price_pence) where is_listed;`);
    this.addSql(`analyze coach_profiles;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists coach_profiles_listing;');
    this.addSql(`
      create index coach_profiles_listing on coach_profiles (rating desc, total_sessions desc, user_id)
        include (search_text, services_offered, age_groups, hourly_rate_pence) where is_listed;`);
    this.addSql('create index if not exists coach_profiles_rate_listing on coach_profiles (hourly_rate_pence, user_id) where is_listed;');
    this.addSql('drop index if exists coach_profiles_from_price_listing;');
    this.addSql('drop trigger if exists coach_session_lengths_from_price on coach_session_lengths;');
    this.addSql('drop function if exists coach_session_lengths_renew_from_price();');
    this.addSql('drop trigger if exists coach_profiles_from_price on coach_profiles;');
    this.addSql('drop function if exists coach_profiles_keep_from_price();');
    this.addSql('alter table coach_profiles drop column if exists from_price_pence;');
    this.addSql('drop function if exists coach_from_price(uuid, integer);');
    this.addSql('drop table if exists coach_session_lengths;');
  }
}
