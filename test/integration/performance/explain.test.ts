import { beforeAll, describe, expect, it } from 'vitest';
import { createCoachSearch } from '../../../adapters/persistence/search/coach-search';
import { NO_FILTERS, parseCursor, type CoachSearchFilters } from '../../../domain/search/coach-search';
import { useTestApp } from '../../support/app';
import { countQueries } from '../../support/query-counter';

/**
 * The FindCoaches search queries use their indexes. The statements are the ones the
 * read model really sends (captured with the query counter), EXPLAINed on 20 000 coaches and
 * 20 000 clients, analysed and vacuumed as a live database would be.
 */
const ctx = useTestApp();
const COACHES = 20_000;

async function statementsFor(filters: CoachSearchFilters, cursor: string | null = null): Promise<string[]> {
  const search = createCoachSearch(ctx.app.orm.em.fork());
  const { queries } = await countQueries(() => search.search(filters, { cursor: parseCursor(cursor), limit: 20 }));
  return [...queries];
}

async function plan(sql: string): Promise<string> {
  const rows = await ctx.db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

async function plans(filters: CoachSearchFilters, cursor: string | null = null): Promise<{ page: string; count: string | undefined }> {
  const [page, count] = await statementsFor(filters, cursor);
  return { page: await plan(page!), count: count === undefined ? undefined : await plan(count) };
}

describe('the FindCoaches queries on 20 000 coaches', () => {
  beforeAll(async () => {
    await ctx.db.query(`
      insert into users (id, email, full_name, bio, location_address, user_type)
      select (overlay(overlay(md5('c' || i) placing '4' from 13) placing 'a' from 17))::uuid, 'coach' || i || '@example.test',
             (array['Alex','Sam','Jordan','Casey','Riley','Morgan','Jamie','Taylor'])[1 + i % 8] || ' Surname' || i,
             'Coach number ' || i || ' with ' || (i % 20) || ' years of experience',
             (i % 500) || ' Road, ' || (array['London','Leeds','Bristol','Cardiff','York','Glasgow','Derby','Bath'])[1 + i % 8], 'coach'
        from generate_series(1, ${COACHES}) as i
      union all
      select (overlay(overlay(md5('u' || i) placing '4' from 13) placing 'a' from 17))::uuid, 'client' || i || '@example.test', 'Client ' || i, null, 'London', 'client'
        from generate_series(1, ${COACHES}) as i`);
    await ctx.db.query(`
      insert into coach_profiles (user_id, services_offered, hourly_rate_pence, rating, total_sessions, is_verified, is_listed)
      select (overlay(overlay(md5('c' || i) placing '4' from 13) placing 'a' from 17))::uuid,
             array[(array['striker','midfield','defense','goalkeeping','fitness_conditioning','tactical_analysis'])[1 + i % 6]],
             1500 + (i * 37) % 13000, ((i * 7) % 51) / 10.0, i % 300, i % 2 = 0, i % 50 <> 7
        from generate_series(1, ${COACHES}) as i`);
    await ctx.db.query('vacuum analyze users');
    await ctx.db.query('vacuum analyze coach_profiles');
  }, 120_000);

  it('walks the listing index for the unfiltered first page, and counts listed coaches from an index of their ids', async () => {
    const { page, count } = await plans(NO_FILTERS);
    expect(page).toMatch(/coach_profiles_listing/);
    expect(page).not.toMatch(/Seq Scan/);
    // users holds every client too (and wide rows): the count reads only the listed coaches' ids.
    expect(count).toMatch(/Index Only Scan using users_listed_coach_ids/);
    expect(count).not.toMatch(/Seq Scan on users/);
  });

  it('starts a deep page (keyset cursor) at the cursor in the listing index instead of filtering the rows before it', async () => {
    const [row] = await ctx.db.query<{ rating: string; total_sessions: number; user_id: string }>(
      `select rating, total_sessions, user_id from coach_profiles where is_listed order by rating desc, total_sessions desc, user_id asc offset 979 limit 1`,
    );
    const cursor = `${Number(row!.rating).toFixed(1)}_${row!.total_sessions}_${row!.user_id}`;
    const { page } = await plans(NO_FILTERS, cursor);
    expect(page).toMatch(/Index (Only )?Scan using coach_profiles_listing/);
    // It starts at the cursor's rating and sessions (a row comparison), not at the top of its rating.
    expect(page).toMatch(/Index Cond: \(\(rating <= [^)]+\) AND \(ROW\(rating, total_sessions\) <= ROW\(/);
    expect(page).not.toMatch(/Seq Scan/);
  });

  it('finds words of the search text through the trigram index on the copy (decision 018)', async () => {
    const { page, count } = await plans({ ...NO_FILTERS, text: 'surname4242' });
    expect(`${page}\n${count ?? ''}`).toMatch(/coach_profiles_search_trgm/);
    expect(page).not.toMatch(/Seq Scan on users/);
  });

  it('finds a location through the trigram index on the copy, which holds it (decision 018)', async () => {
    const { page } = await plans({ ...NO_FILTERS, location: '499 road, glasgow' });
    expect(page).toMatch(/coach_profiles_search_trgm/);
    expect(page).not.toMatch(/Seq Scan on users/);
  });

  it('uses the services and from-price indexes for specialisation and price band, and the trigram index with text', async () => {
    const both = await plans({ ...NO_FILTERS, specialisation: 'goalkeeping', priceBand: '30-60' });
    expect(`${both.page}\n${both.count ?? ''}`).toMatch(/coach_profiles_services|coach_profiles_from_price_listing/);
    expect(`${both.page}\n${both.count ?? ''}`).not.toMatch(/Seq Scan/);
    const all = await plans({ text: 'sam', specialisation: 'goalkeeping', priceBand: '30-60', location: null });
    // With text the page either collects through the trigram index on the copy (ANDed with the
    // services index here) or walks the listing order index-only, checking all three on the tuple.
    expect(all.page).toMatch(/coach_profiles_search_trgm|Index Only Scan using coach_profiles_listing on coach_profiles/);
    expect(`${all.page}\n${all.count ?? ''}`).not.toMatch(/Seq Scan/);
  });
});
