import { Migration } from '@mikro-orm/migrations';

/**
 * Decision 061: 'Near' starts from the places within reach and reads the coaches place by place.
 *
 * - places.earth: the place's point, generated from its latitude and longitude (ll_to_earth is
 *   immutable), so a search reads it instead of calling ll_to_earth per place; places_earth is its
 *   GiST index, which finds the places in a box.
 * - coach_profiles_place_reach: an in-person coach with a base, by (place, service radius), the
 *   page's keys and the filters' columns included, so a place's coaches who travel far enough are
 *   an index condition and are read index-only.
 * - coach_profiles_longest_radius: the longest radius anyone listed in person has, in one tuple,
 *   which bounds how far from the searched place a coach can be listed.
 * - coach_profiles_near and coach_profiles_travel_area (decision 053's BitmapOr) are read by no
 *   statement any more and are dropped; `down` makes them again.
 */
const IN_PERSON = `where is_listed and base_earth is not null and session_mode <> 'online'`;

export class Migration20261203194600_nearest_first extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table places add column earth earth generated always as (ll_to_earth(latitude, longitude)) stored;`);
    this.addSql(`create index places_earth on places using gist (earth);`);
    this.addSql(`analyze places;`);
    this.addSql(
      `create index coach_profiles_place_reach on coach_profiles (base_place_id, service_radius_miles)
         include (rating, total_sessions, from_price_pence, user_id, services_offered, age_groups) ${IN_PERSON};`,
    );
    this.addSql(`create index coach_profiles_longest_radius on coach_profiles (service_radius_miles) ${IN_PERSON};`);
    this.addSql(`drop index if exists coach_profiles_travel_area;`);
    this.addSql(`drop index if exists coach_profiles_near;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index coach_profiles_near on coach_profiles using gist (base_earth) ${IN_PERSON};`);
    this.addSql(`create index coach_profiles_travel_area on coach_profiles using gist (earth_box(base_earth, (service_radius_miles * 10 + 0.5) * 160.9344)) ${IN_PERSON};`);
    this.addSql(`drop index if exists coach_profiles_longest_radius;`);
    this.addSql(`drop index if exists coach_profiles_place_reach;`);
    this.addSql(`drop index if exists places_earth;`);
    this.addSql(`alter table places drop column if exists earth;`);
  }
}
