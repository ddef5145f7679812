import { beforeAll, describe, expect, it } from 'vitest';
import { createCoachSearch } from '../../../adapters/persistence/search/coach-search';
import { NO_FILTERS, parseSearchCursor, type CoachSearchFilters } from '../../../domain/search/coach-search';
import { useTestApp } from '../../support/app';
import { countQueries } from '../../support/query-counter';

/**
 * Issue 46 §4 (decision 053): the plans of 'Near' on the statements the read model really sends
 * (captured), with the planner's statistics of 1 000 000 coaches placed across the gazetteer's
 * 4 301 places. Every near-me search, alone or with other filters, in every order and on a later
 * page, is driven by the two GiST indexes (the bases in the searched box, the reaches holding the
 * place), ORed; none reads coach_profiles or users whole. Only EXPLAIN: the plan is the claim
 * here, the time is the bench's `--scale` run (docs/performance.md).
 *
 * Why statistics, not a million rows: loading a million coaches took ~80 s here and building the
 * two GiST indexes over them ~6 minutes on two shared cores, against this test's budget of 60 s.
 * So 20 000 coaches are loaded (one INSERT … SELECT generate_series a table, the indexes built
 * after, ANALYZE), then every row count the planner reads (pg_class.reltuples of both tables and
 * their indexes) is scaled to 1 000 000, as ANALYZE would leave them at that size; the column
 * statistics are shares and carry over. The heap's pages are not scaled, which makes reading the
 * table whole look cheaper than it would be at that size: a plan that stays on the indexes here
 * stays on them there. Autovacuum is off for both tables so nothing re-counts them meanwhile.
 */
const ctx = useTestApp();
const COACHES = 1_000_000;
const LOADED = 20_000;
const DIDSBURY = 6620310;
const id = `(overlay(overlay(md5('c' || i) placing '4' from 13) placing 'a' from 17))::uuid`;
const hash = (salt: number) => `(hashint4(${salt} * i + ${salt}) & 65535)`;

async function statementsFor(filters: CoachSearchFilters, cursor: string | null = null): Promise<string[]> {
  const search = createCoachSearch(ctx.app.orm.em.fork());
  const { queries } = await countQueries(() => search.search(filters, { cursor: parseSearchCursor(filters, cursor), limit: 20 }));
  return [...queries];
}

async function plansFor(filters: CoachSearchFilters, cursor: string | null = null): Promise<string[]> {
  const plans: string[] = [];
  for (const sql of await statementsFor(filters, cursor)) {
    const rows = await ctx.db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`);
    plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  return plans;
}

const near = (o: Partial<CoachSearchFilters> = {}): CoachSearchFilters => ({ ...NO_FILTERS, near: { placeId: DIDSBURY, miles: 10 }, sort: 'distance', ...o });
const BASES = /Bitmap Index Scan on coach_profiles_near\b/;
const REACHES = /Bitmap Index Scan on coach_profiles_travel_area\b/;
const WHOLE_TABLE = /Seq Scan on (coach_profiles|users)\b/;

describe(`'Near' plans on ${COACHES.toLocaleString('en-GB')} coaches`, () => {
  beforeAll(async () => {
    const indexes = await ctx.db.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = 'public' and i.tablename in ('users', 'coach_profiles')
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const i of indexes) await ctx.db.query(`drop index ${i.name}`);
    for (const table of ['users', 'coach_profiles']) await ctx.db.query(`alter table ${table} set (autovacuum_enabled = false)`);
    await ctx.db.query(`
      insert into users (id, email, full_name, bio, user_type, location_address)
      select ${id}, 'c' || i || '@example.test', 'Coach ' || i, 'UEFA B licensed coach', 'coach', (1 + ${hash(23)} % 300) || ' High Street'
        from generate_series(1, ${LOADED}) as i`);
    // A place for each coach by hash; 1 in 10 online only, 1 in 10 both; radii 0–50 miles.
    await ctx.db.query(`
      with numbered as (select id, (row_number() over (order by id))::int - 1 as n from places)
      insert into coach_profiles (user_id, services_offered, age_groups, hourly_rate_pence, rating, total_sessions, is_listed,
                                  service_radius_miles, session_mode, base_place_id)
      select ${id}, array[(array['striker','midfield','defense','goalkeeping','fitness_conditioning','tactical_analysis'])[1 + ${hash(5)} % 6]],
             array[(array['under_8','under_10','under_12','under_14','under_16','under_18','adults','seniors'])[1 + ${hash(29)} % 8]],
             1500 + ${hash(7)} % 130 * 100, (${hash(11)} % 51) / 10.0, ${hash(13)} % 300, i % 50 <> 7,
             (array[0, 5, 10, 10, 25, 25, 25, 50])[1 + ${hash(17)} % 8],
             case ${hash(19)} % 10 when 0 then 'online' when 1 then 'both' else 'in_person' end,
             p.id
        from generate_series(1, ${LOADED}) as i join numbered p on p.n = ${hash(3)} % (select count(*)::int from places)`);
    for (const i of indexes) await ctx.db.query(i.def);
    await ctx.db.query('analyze users');
    await ctx.db.query('analyze coach_profiles');
    await ctx.db.query(
      `update pg_class set reltuples = reltuples * $1
        where oid in (select c.oid from pg_class c where c.relname in ('users', 'coach_profiles')
                      union select i.indexrelid from pg_index i where i.indrelid in ('users'::regclass, 'coach_profiles'::regclass))`,
      [COACHES / LOADED],
    );
    const counted = await ctx.db.query<{ n: number }>(`select reltuples::int as n from pg_class where relname = 'coach_profiles'`);
    expect(counted[0]?.n).toBe(COACHES);
  }, 60_000);

  it('finds the bases in the searched box and the reaches holding the place through their GiST indexes, for the default search near a place', async () => {
    const [page, ...rest] = await plansFor(near());
    expect(page).toMatch(BASES);
    expect(page).toMatch(REACHES);
    expect(page).toMatch(/BitmapOr/);
    for (const plan of [page!, ...rest]) expect(plan).not.toMatch(WHOLE_TABLE);
  });

  it('stays on the GiST indexes with a specialisation, a price band and an age group, and at 50 miles', async () => {
    for (const filters of [near({ specialisation: 'goalkeeping', priceBand: '30-60' }), near({ ageGroup: 'under_12' }), near({ near: { placeId: DIDSBURY, miles: 50 } })]) {
      const plans = await plansFor(filters);
      expect(plans[0], JSON.stringify(filters)).toMatch(BASES);
      expect(plans[0], JSON.stringify(filters)).toMatch(REACHES);
      for (const plan of plans) expect(plan, `${JSON.stringify(filters)}\n${plan}`).not.toMatch(WHOLE_TABLE);
    }
  });

  it('stays on them in the rating and price orders near a place, and on a later page of each order', async () => {
    for (const sort of ['distance', 'rating', 'price'] as const) {
      const first = createCoachSearch(ctx.app.orm.em.fork());
      const filters = near({ sort });
      const page = await first.search(filters, { cursor: null, limit: 20 });
      expect(page.nextCursor, sort).not.toBeNull();
      const plans = await plansFor(filters, page.nextCursor);
      expect(plans[0], sort).toMatch(BASES);
      expect(plans[0], sort).toMatch(REACHES);
      for (const plan of plans) expect(plan, `${sort}\n${plan}`).not.toMatch(WHOLE_TABLE);
    }
  });
});
