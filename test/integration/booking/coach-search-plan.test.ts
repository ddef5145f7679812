import { beforeAll, describe, expect, it } from 'vitest';
import { createCoachSearch } from '../../../adapters/persistence/search/coach-search';
import { NO_FILTERS, parseCursor, type CoachSearchFilters } from '../../../domain/search/coach-search';
import { useTestApp } from '../../support/app';

const ctx = useTestApp();
const COACHES = 100_000;

/** The plan PostgreSQL chooses for the search's page query with these filters. */
async function planFor(where: string): Promise<string> {
  const rows = await ctx.db.query<{ 'QUERY PLAN': string }>(
    `explain select u.id from coach_profiles cp join users u on u.id = cp.user_id
      where cp.is_listed and u.user_type = 'coach' and u.is_active and u.erased_at is null and ${where}
      order by cp.rating desc, cp.total_sessions desc, cp.user_id asc limit 21`,
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('the coach search with 100 000 coaches', () => {
  beforeAll(async () => {
    await ctx.db.query(`
      insert into users (id, email, full_name, bio, location_address, user_type)
      select md5('coach' || i)::uuid, 'coach' || i || '@example.test',
             (array['Alex','Sam','Jordan','Casey','Riley','Morgan'])[1 + i % 6] || ' ' || 'Surname' || i,
             'Coach number ' || i || ' with ' || (i % 20) || ' years of experience',
             (i % 500) || ' Road, ' || (array['London','Leeds','Bristol','Cardiff','York','Glasgow','Derby','Bath'])[1 + i % 8],
             'coach'
        from generate_series(1, ${COACHES}) as i`);
    await ctx.db.query(`
      insert into coach_profiles (user_id, services_offered, hourly_rate_pence, rating, total_sessions, is_verified)
      select md5('coach' || i)::uuid,
             array[(array['striker','midfield','defense','goalkeeping','fitness_conditioning','tactical_analysis'])[1 + i % 6]],
             1000 + (i * 37) % 14000, ((i * 7) % 51) / 10.0, i % 300, i % 2 = 0
        from generate_series(1, ${COACHES}) as i`);
    await ctx.db.query('analyze users; analyze coach_profiles;');
  }, 180_000);

  it('finds a name through the trigram index on the copy (decision 018)', async () => {
    expect(await planFor(`cp.search_text like '%surname4242%'`)).toMatch(/coach_profiles_search_trgm/);
  });

  it('finds a location through the trigram index on the copy, which holds it (decision 018)', async () => {
    expect(await planFor(`cp.search_text like '%499 road, glasgow%' and strpos(lower(u.location_address), '499 road, glasgow') > 0`)).toMatch(/coach_profiles_search_trgm/);
  });

  it('walks the listing index for the unfiltered first page instead of sorting every coach', async () => {
    const plan = await planFor('true');
    expect(plan).toMatch(/coach_profiles_listing/);
    expect(plan).not.toMatch(/Seq Scan on coach_profiles/);
  });

  it('answers common searches quickly', async () => {
    const search = createCoachSearch(ctx.app.orm.em.fork());
    const cases: CoachSearchFilters[] = [
      NO_FILTERS,
      { ...NO_FILTERS, specialisation: 'goalkeeping', priceBand: '30-60' },
      { ...NO_FILTERS, text: 'surname4242' },
      { ...NO_FILTERS, location: 'glasgow', priceBand: '100+' },
      { text: 'alex', specialisation: 'striker', priceBand: '60-100', location: 'london' },
    ];
    for (const filters of cases) {
      await search.search(filters, { cursor: null, limit: 20 }); // warm
      const started = performance.now();
      const page = await search.search(filters, { cursor: null, limit: 20 });
      const second = page.nextCursor ? await search.search(filters, { cursor: parseCursor(page.nextCursor), limit: 20 }) : { coaches: [] };
      const ms = performance.now() - started;
      expect(page.total).toBeGreaterThan(0);
      expect(
        second.coaches.filter((c) => page.coaches.some((p) => p.userId === c.userId)),
        `${JSON.stringify(filters)} ${page.nextCursor} ${JSON.stringify(page.coaches.slice(-2))}`,
      ).toEqual([]);
      expect(ms, JSON.stringify(filters)).toBeLessThan(1500);
    }
  });
});
