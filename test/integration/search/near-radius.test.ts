import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCoachSearch } from '../../../adapters/persistence/search/coach-search';
import { NO_FILTERS, parseSearchCursor, type CoachCard, type CoachSearchFilters } from '../../../domain/search/coach-search';
import { EARTH_RADIUS_METRES, METRES_PER_MILE, type NearMiles } from '../../../domain/search/near';
import { useTestApp } from '../../support/app';

const ctx = useTestApp();

/** The client's place, and places due north of it at exact distances (a meridian's arc is R·Δφ). */
const HOME = { id: 990_000_001, label: 'Testham', latitude: 53, longitude: -2 };
const northBy = (miles: number) => HOME.latitude + ((miles * METRES_PER_MILE) / EARTH_RADIUS_METRES) * (180 / Math.PI);

interface TestCoach {
  name: string;
  miles: number;
  radius: number;
  mode?: 'in_person' | 'online' | 'both';
  rating?: number;
  ratePence?: number;
}

const COACHES: readonly TestCoach[] = [
  { name: 'At home', miles: 0, radius: 0, rating: 3 },
  { name: 'Three point four', miles: 3.4, radius: 0, rating: 4 },
  { name: 'Exactly ten', miles: 10, radius: 0, rating: 5 },
  { name: 'Ten point one', miles: 10.1, radius: 0, rating: 5 },
  { name: 'Ten point one who travels ten', miles: 10.1, radius: 10, rating: 2 },
  { name: 'Twelve who travels twelve', miles: 12, radius: 12, rating: 1, ratePence: 2000 },
  { name: 'Twelve who travels eleven', miles: 12, radius: 11, rating: 1 },
  { name: 'Forty who travels forty', miles: 40, radius: 40, rating: 4.5 },
  { name: 'Online only at home', miles: 0, radius: 25, mode: 'online', rating: 4.9 },
  { name: 'Both at home', miles: 0, radius: 5, mode: 'both', rating: 1.5, ratePence: 9000 },
];

const ids = new Map<string, string>();
const near = (miles: NearMiles, extra: Partial<CoachSearchFilters> = {}): CoachSearchFilters => ({ ...NO_FILTERS, near: { placeId: HOME.id, miles }, sort: 'distance', ...extra });
const names = (cards: readonly CoachCard[]) => cards.map((c) => c.fullName);
const search = (filters: CoachSearchFilters, cursor: string | null = null, limit = 20) =>
  createCoachSearch(ctx.app.orm.em.fork()).search(filters, { cursor: parseSearchCursor(filters, cursor), limit });

describe('near a place, by distance and travel radius', () => {
  beforeAll(async () => {
    const places = [HOME, ...COACHES.map((c, i) => ({ id: 990_000_100 + i, label: `Testham ${c.name}`, latitude: northBy(c.miles), longitude: HOME.longitude }))];
    await ctx.db.query(
      `insert into places (id, name, label, nation, latitude, longitude, population)
       select id, label, label, 'ENG', lat, lon, 0 from unnest($1::int[], $2::text[], $3::float8[], $4::float8[]) as t(id, label, lat, lon)`,
      [places.map((p) => p.id), places.map((p) => p.label), places.map((p) => p.latitude), places.map((p) => p.longitude)],
    );
    for (const [i, c] of COACHES.entries()) {
      const id = randomUUID();
      ids.set(c.name, id);
      await ctx.db.query(`insert into users (id, email, full_name, location_address, user_type) values ($1, $2, $3, '1 Secret Lane', 'coach')`, [id, `near-${i}@example.test`, c.name]);
      await ctx.db.query(
        `insert into coach_profiles (user_id, services_offered, hourly_rate_pence, rating, service_radius_miles, base_place_id, session_mode) values ($1, '{striker}', $2, $3, $4, $5, $6)`,
        [id, c.ratePence ?? 5000, c.rating ?? 0, c.radius, 990_000_100 + i, c.mode ?? 'in_person'],
      );
    }
    await ctx.db.query('analyze coach_profiles; analyze places;');
  });

  it('lists a coach exactly 10.0 miles away within 10 miles, and not one 10.1 miles away', async () => {
    const page = await search(near(10));
    expect(names(page.coaches)).toContain('Exactly ten');
    expect(names(page.coaches)).not.toContain('Ten point one');
    const ten = page.coaches.find((c) => c.fullName === 'Exactly ten');
    expect(ten).toMatchObject({ distanceTenths: 100, travelsToYou: false });
  });

  it('lists a coach 10.1 miles away who travels 10 miles only when the search reaches them, and one who travels 12 miles to a place 12.0 miles away', async () => {
    const ten = await search(near(10));
    expect(names(ten.coaches)).not.toContain('Ten point one who travels ten');
    expect(names(ten.coaches)).toContain('Twelve who travels twelve');
    expect(names(ten.coaches)).not.toContain('Twelve who travels eleven');
    expect(ten.coaches.find((c) => c.fullName === 'Twelve who travels twelve')).toMatchObject({ distanceTenths: 120, travelsToYou: true });
    const five = await search(near(5));
    expect(names(five.coaches)).toEqual(['At home', 'Three point four', 'Twelve who travels twelve', 'Forty who travels forty', 'Both at home'].sort(byDistance));
  });

  it('sorts by distance, then rating, with rounded distances and the reason, and counts them', async () => {
    const page = await search(near(10));
    expect(page.coaches.map((c) => [c.fullName, c.distanceTenths, c.travelsToYou])).toEqual([
      ['At home', 0, false],
      ['Both at home', 0, true],
      ['Three point four', 34, false],
      ['Exactly ten', 100, false],
      ['Twelve who travels twelve', 120, true],
      ['Forty who travels forty', 400, true],
    ]);
    expect(page.total).toBe(6);
  });

  it('keeps online-only coaches out of the distance list and lists them, with those who do both, under Online', async () => {
    const fifty = await search(near(50));
    expect(names(fifty.coaches)).not.toContain('Online only at home');
    const online = await search({ ...NO_FILTERS, online: true });
    expect(names(online.coaches)).toEqual(['Online only at home', 'Both at home']);
    expect(online.coaches[0]).not.toHaveProperty('distanceTenths');
  });

  it('pages through every sort with a keyset cursor, the same coaches once each', async () => {
    for (const sort of ['distance', 'rating', 'price'] as const) {
      const all = await search(near(50, { sort }));
      const paged: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await search(near(50, { sort }), cursor, 2);
        paged.push(...names(page.coaches).map(String));
        expect(page.total).toBe(all.total);
        cursor = page.nextCursor;
        pages++;
      } while (cursor !== null && pages < 20);
      expect(paged, sort).toEqual(names(all.coaches));
      expect(new Set(paged).size).toBe(paged.length);
    }
    const byPrice = await search(near(50, { sort: 'price' }));
    expect(byPrice.coaches[0]?.fullName).toBe('Twelve who travels twelve');
    const byRating = await search(near(50, { sort: 'rating' }));
    expect(byRating.coaches[0]?.rating).toBe(5);
  });

  it('combines with the other filters', async () => {
    const page = await search(near(10, { priceBand: '0-30' }));
    expect(names(page.coaches)).toEqual(['Twelve who travels twelve']);
    const none = await search(near(10, { specialisation: 'goalkeeping' }));
    expect(none.coaches).toEqual([]);
    expect(none.anyCoachListed).toBe(true);
  });

  it('shows the base place, never the address line', async () => {
    const page = await search(near(10));
    const json = JSON.stringify(page);
    expect(json).not.toContain('Secret Lane');
    expect(json).not.toMatch(/latitude|longitude|earth/i);
    expect(page.coaches.find((c) => c.fullName === 'Three point four')?.location).toBe('Testham Three point four');
  });

  it("leaves out a coach whose account is deactivated, erased or not a coach's, in every order and in the count, and lists them again when it is open", async () => {
    const id = ids.get('Three point four')!;
    const listed = async () => {
      const seen: { sort: string; names: string[]; total: number }[] = [];
      for (const sort of ['distance', 'rating', 'price'] as const) {
        // Two a page, so the count is sent too.
        const page = await search(near(10, { sort }), null, 2);
        seen.push({ sort, names: names((await search(near(10, { sort }))).coaches).map(String), total: page.total });
      }
      return seen;
    };
    const open = await listed();
    for (const s of open) expect(s.names, s.sort).toContain('Three point four');
    const without = open.map((s) => ({ ...s, names: s.names.filter((n) => n !== 'Three point four'), total: s.total - 1 }));
    for (const [change, undo] of [
      [`update users set is_active = false, deactivated_at = now() where id = $1`, `update users set is_active = true, deactivated_at = null where id = $1`],
      [`update users set user_type = 'client' where id = $1`, `update users set user_type = 'coach' where id = $1`],
      [`update users set erased_at = now() where id = $1`, `update users set erased_at = null where id = $1`],
    ] as const) {
      await ctx.db.query(change, [id]);
      expect(await listed(), change).toEqual(without);
      // The copy cannot be written past the trigger.
      await ctx.db.query(`update coach_profiles set account_open = true where user_id = $1`, [id]);
      expect(await listed(), change).toEqual(without);
      await ctx.db.query(undo, [id]);
      expect(await listed(), undo).toEqual(open);
    }
  });

  it('does not list a profile made for an account that is already deactivated', async () => {
    const id = randomUUID();
    await ctx.db.query(
      `insert into users (id, email, full_name, location_address, user_type, is_active, deactivated_at) values ($1, 'near-closed@example.test', 'Closed at home', '1 Secret Lane', 'coach', false, now())`,
      [id],
    );
    await ctx.db.query(
      `insert into coach_profiles (user_id, services_offered, hourly_rate_pence, rating, service_radius_miles, base_place_id, session_mode, account_open) values ($1, '{striker}', 5000, 5, 10, $2, 'in_person', true)`,
      [id, 990_000_100],
    );
    expect(names((await search(near(10))).coaches)).not.toContain('Closed at home');
    await ctx.db.query(`update users set is_active = true, deactivated_at = null where id = $1`, [id]);
    expect(names((await search(near(10))).coaches)).toContain('Closed at home');
    await ctx.db.query(`delete from coach_profiles where user_id = $1`, [id]);
  });

  it('finds nothing near a place the gazetteer does not hold', async () => {
    const page = await search({ ...NO_FILTERS, near: { placeId: 123, miles: 50 }, sort: 'distance' });
    expect(page.coaches).toEqual([]);
  });
});

function byDistance(a: string, b: string): number {
  const of = (name: string) => COACHES.find((c) => c.name === name)!;
  return of(a).miles - of(b).miles || (of(b).rating ?? 0) - (of(a).rating ?? 0);
}
