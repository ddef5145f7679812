import type { EntityManager } from '@mikro-orm/postgresql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCoachSearch } from '../../../adapters/persistence/search/coach-search';
import { COACH_SEARCH_PAGE_SIZE, NO_FILTERS, parseCursor, priceBandRange, type CoachCard, type CoachSearch, type CoachSearchFilters } from '../../../domain/search/coach-search';
import { useTestApp } from '../../support/app';
import { bySearchOrder, generateCoaches, insertCoaches, isSearchable, type CoachSpec } from '../../support/coach-fixtures';

const ctx = useTestApp();
const coaches = generateCoaches(1500, 7);
let search: CoachSearch;

/** Every page of a search, following the cursor. */
async function allPages(filters: CoachSearchFilters): Promise<{ cards: CoachCard[]; totals: number[]; pages: number }> {
  const cards: CoachCard[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await search.search(filters, { cursor: parseCursor(cursor), limit: COACH_SEARCH_PAGE_SIZE });
    expect(page.coaches.length).toBeLessThanOrEqual(COACH_SEARCH_PAGE_SIZE);
    cards.push(...page.coaches);
    totals.push(page.total);
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== null && pages < 200);
  return { cards, totals, pages };
}

function expected(filter: (c: CoachSpec) => boolean): string[] {
  return coaches
    .filter((c) => isSearchable(c) && filter(c))
    .sort(bySearchOrder)
    .map((c) => c.id);
}

describe('the coach search read model', () => {
  beforeAll(async () => {
    await insertCoaches(ctx.db, coaches);
    // A client with a coach-like bio must never be listed.
    await ctx.db.query(
      `insert into users (id, email, full_name, bio, location_address, user_type) values (gen_random_uuid(), 'client@example.test', 'Alex Smith', 'UEFA B licensed', 'London', 'client')`,
    );
    await ctx.db.query('analyze users; analyze coach_profiles;');
    search = createCoachSearch(ctx.app.orm.em.fork());
  });

  it('lists only active, listed coaches with a profile, best rated first, in stable pages of 20', async () => {
    const { cards, totals, pages } = await allPages(NO_FILTERS);
    const ids = expected(() => true);
    expect(ids.length).toBeGreaterThan(1000);
    expect(cards.map((c) => c.userId)).toEqual(ids);
    expect(new Set(totals)).toEqual(new Set([ids.length]));
    expect(pages).toBe(Math.ceil(ids.length / COACH_SEARCH_PAGE_SIZE));
  });

  it('fills each card from the profile', async () => {
    const page = await search.search(NO_FILTERS, { cursor: null, limit: 1 });
    const card = page.coaches[0]!;
    const spec = coaches.find((c) => c.id === card.userId)!;
    expect(card).toMatchObject({
      fullName: spec.fullName,
      bio: spec.bio,
      // The card shows the base place only, never the address line; these have none.
      location: null,
      servicesOffered: spec.services,
      fromPricePence: spec.ratePence,
      sessionOffer: { ratePence: spec.ratePence, lengths: [] },
      rating: spec.rating,
      totalSessions: spec.totalSessions,
      isVerified: spec.isVerified,
    });
  });

  it('filters by specialisation', async () => {
    const { cards } = await allPages({ ...NO_FILTERS, specialisation: 'goalkeeping' });
    expect(cards.map((c) => c.userId)).toEqual(expected((c) => c.services.includes('goalkeeping')));
  });

  it.each(['0-30', '30-60', '60-100', '100+'] as const)('filters by the price band %s (pence, lower bound inclusive)', async (band) => {
    const { minPence, maxPence } = priceBandRange(band);
    const { cards } = await allPages({ ...NO_FILTERS, priceBand: band });
    expect(cards.map((c) => c.userId)).toEqual(expected((c) => c.ratePence >= minPence && (maxPence === null || c.ratePence < maxPence)));
  });

  it('matches search text in name, bio or location, case-insensitively, every word', async () => {
    const match = (c: CoachSpec, word: string) => `${c.fullName} ${c.bio ?? ''} ${c.location ?? ''}`.toLowerCase().includes(word);
    const { cards } = await allPages({ ...NO_FILTERS, text: 'OKAFOR leeds' });
    expect(cards.map((c) => c.userId)).toEqual(expected((c) => match(c, 'okafor') && match(c, 'leeds')));
    const bio = await allPages({ ...NO_FILTERS, text: 'uefa' });
    expect(bio.cards.map((c) => c.userId)).toEqual(expected((c) => match(c, 'uefa')));
  });

  it('filters by location text and combines every filter', async () => {
    const filters: CoachSearchFilters = { text: 'Jamie', specialisation: 'striker', priceBand: '30-60', location: 'bristol' };
    const { cards, totals } = await allPages(filters);
    const ids = expected((c) => c.fullName.includes('Jamie') && c.services.includes('striker') && c.ratePence >= 3000 && c.ratePence < 6000 && (c.location ?? '').toLowerCase().includes('bristol'));
    expect(cards.map((c) => c.userId)).toEqual(ids);
    expect(totals[0]).toBe(ids.length);
  });

  it('treats % and _ in search text literally', async () => {
    const page = await search.search({ ...NO_FILTERS, text: '%_%' }, { cursor: null, limit: 20 });
    expect(page.total).toBe(0);
    expect(page.anyCoachListed).toBe(true);
  });

  it('tells "no coaches found" apart from "no coaches yet"', async () => {
    const none = await search.search({ ...NO_FILTERS, location: 'Atlantis' }, { cursor: null, limit: 20 });
    expect(none).toMatchObject({ total: 0, anyCoachListed: true, nextCursor: null, coaches: [] });
  });

  it('answers a page in at most three queries', async () => {
    const queries: string[] = [];
    const em = ctx.app.orm.em.fork() as EntityManager;
    const conn = em.getConnection();
    const original = conn.execute.bind(conn);
    conn.execute = ((sql: string, ...rest: unknown[]) => {
      queries.push(sql);
      return (original as (...a: unknown[]) => unknown)(sql, ...rest);
    }) as typeof conn.execute;
    const counted = createCoachSearch(em);
    const first = await counted.search(NO_FILTERS, { cursor: null, limit: 20 });
    await counted.search(NO_FILTERS, { cursor: parseCursor(first.nextCursor), limit: 20 });
    await counted.search({ ...NO_FILTERS, location: 'Atlantis' }, { cursor: null, limit: 20 });
    // first page: page + count; next page: page + count; nothing found: page + "any coach at all?"
    expect(queries.length).toBe(2 + 2 + 2);
  });
});
