import { beforeAll, describe, expect, it } from 'vitest';
import { createCoachSearch } from '../../../adapters/persistence/search/coach-search';
import { NO_FILTERS, parseSearchCursor, type CoachSearchFilters } from '../../../domain/search/coach-search';
import { greatCircleMetres, isListedNear, reachOf, tenthsOfMile, type NearMiles } from '../../../domain/search/near';
import { useTestApp } from '../../support/app';

/**
 * Decision 061: the places-first statement lists exactly the coaches near.ts's radius rule lists,
 * in distance order (tenths, then rating, then id), page by page. 400 coaches on the gazetteer's
 * places within 60 miles of Didsbury, several to a place and several places to a tenth, with
 * radii on both sides of their distance; the expected list is computed here from the places'
 * coordinates by the domain's own functions.
 */
const ctx = useTestApp();
const DIDSBURY = 6620310;

interface Placed {
  id: string;
  rating: number;
  radius: number;
  mode: 'in_person' | 'online' | 'both';
  listed: boolean;
  tenths: number;
}

let coaches: Placed[] = [];

const search = (filters: CoachSearchFilters, cursor: string | null, limit: number) => createCoachSearch(ctx.app.orm.em.fork()).search(filters, { cursor: parseSearchCursor(filters, cursor), limit });

async function pagedIds(filters: CoachSearchFilters, limit: number): Promise<{ ids: string[]; tenths: number[] }> {
  const ids: string[] = [];
  const tenths: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const page = await search(filters, cursor, limit);
    ids.push(...page.coaches.map((c) => c.userId));
    tenths.push(...page.coaches.map((c) => c.distanceTenths ?? -1));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return { ids, tenths };
}

function expected(miles: NearMiles): Placed[] {
  return coaches
    .filter((c) => c.listed && c.mode !== 'online' && isListedNear(reachOf({ distanceTenths: c.tenths, searchMiles: miles, serviceRadiusMiles: c.radius })))
    .sort((a, b) => a.tenths - b.tenths || b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

describe('nearest first, from the places within reach', () => {
  beforeAll(async () => {
    const places = await ctx.db.query<{ id: number; latitude: number; longitude: number }>(
      `select q.id, q.latitude, q.longitude from places q, places p
        where p.id = $1 and earth_distance(ll_to_earth(q.latitude, q.longitude), ll_to_earth(p.latitude, p.longitude)) < 60 * 1609.344
        order by q.id`,
      [DIDSBURY],
    );
    const home = (await ctx.db.query<{ latitude: number; longitude: number }>(`select latitude, longitude from places where id = $1`, [DIDSBURY]))[0]!;
    const rows = Array.from({ length: 400 }, (_, i) => {
      const place = places[(i * 7) % Math.min(places.length, 90)]!;
      const tenths = tenthsOfMile(greatCircleMetres(home, place));
      // Radii just under, at and over the coach's own distance, and none.
      const radius = [0, Math.floor(tenths / 10), Math.ceil(tenths / 10), 5, 25, 50][i % 6]!;
      return { i, place: place.id, tenths, radius, rating: ((i * 13) % 51) / 10, mode: (['in_person', 'in_person', 'both', 'online'] as const)[i % 4]!, listed: i % 17 !== 3 };
    });
    await ctx.db.query(
      `insert into users (id, email, full_name, user_type)
       select gen_random_uuid(), 'order-' || i || '@example.test', 'Order ' || i, 'coach' from unnest($1::int[]) as i`,
      [rows.map((r) => r.i)],
    );
    await ctx.db.query(
      `insert into coach_profiles (user_id, services_offered, hourly_rate_pence, rating, service_radius_miles, base_place_id, session_mode, is_listed)
       select u.id, '{striker}', 5000, r.rating, r.radius, r.place, r.mode, r.listed
         from unnest($1::int[], $2::int[], $3::numeric[], $4::int[], $5::text[], $6::boolean[]) as r(i, place, rating, radius, mode, listed)
         join users u on u.email = 'order-' || r.i || '@example.test'`,
      [rows.map((r) => r.i), rows.map((r) => r.place), rows.map((r) => r.rating), rows.map((r) => r.radius), rows.map((r) => r.mode), rows.map((r) => r.listed)],
    );
    const ids = await ctx.db.query<{ email: string; id: string }>(`select email, id from users where email like 'order-%'`);
    const byEmail = new Map(ids.map((u) => [u.email, u.id]));
    coaches = rows.map((r) => ({ id: byEmail.get(`order-${r.i}@example.test`)!, rating: r.rating, radius: r.radius, mode: r.mode, listed: r.listed, tenths: r.tenths }));
    await ctx.db.query('analyze coach_profiles; analyze places;');
  });

  it('has several coaches to a tenth and coaches on both sides of their own radius, so the order and the rule are both tested', () => {
    const tenths = expected(10).map((c) => c.tenths);
    expect(tenths.length - new Set(tenths).size).toBeGreaterThan(20);
    expect(expected(10).some((c) => c.tenths > 100)).toBe(true);
    expect(coaches.some((c) => c.mode !== 'online' && c.tenths > 100 && c.radius * 10 < c.tenths)).toBe(true);
  });

  it('pages through exactly the coaches the radius rule lists, nearest first, then best rated, each once, for every searched distance', async () => {
    for (const miles of [5, 10, 25, 50] as const) {
      const filters: CoachSearchFilters = { ...NO_FILTERS, near: { placeId: DIDSBURY, miles }, sort: 'distance' };
      const want = expected(miles);
      for (const limit of [7, 20]) {
        const got = await pagedIds(filters, limit);
        expect(got.ids, `${miles} miles, ${limit} a page`).toEqual(want.map((c) => c.id));
        expect(got.tenths).toEqual(want.map((c) => c.tenths));
      }
      const first = await search(filters, null, 20);
      expect(first.total, `${miles} miles`).toBe(want.length);
    }
  });

  it('lists the same coaches in the rating and price orders as nearest first', async () => {
    for (const sort of ['rating', 'price'] as const) {
      const got = await pagedIds({ ...NO_FILTERS, near: { placeId: DIDSBURY, miles: 10 }, sort }, 20);
      expect(new Set(got.ids), sort).toEqual(new Set(expected(10).map((c) => c.id)));
      expect(got.ids.length).toBe(expected(10).length);
    }
  });
});
