import type { EntityManager } from '@mikro-orm/postgresql';
import { isCoachingType, type CoachingType } from '../../../domain/shared/catalogue';
import { isSessionMinutes, type SessionLengthPrice } from '../../../domain/shared/session-lengths';
import {
  activeFilterCount,
  cursorAfter,
  priceBandRange,
  type CoachCard,
  type CoachSearch,
  type CoachSearchCursor,
  type CoachSearchFilters,
  type CoachSearchPage,
} from '../../../domain/search/coach-search';
import type { SearchTotals } from './search-totals';
import { needsSortedPage, searchFrom, sortedPageStatement, withNear } from './near-clause';
import { sortedCursorAfter, type SortedCursor } from '../../../domain/search/near';
import { textClause } from './text-clause';

/**
 * FindCoaches read model: SQL over users + coach_profiles. Only active, listed coaches with a
 * profile. The unfiltered list walks coach_profiles_listing in its order; specialisation and price
 * can use the services GIN and from-price indexes (the price band is the least price a coach
 * offers, coach_profiles.from_price_pence; decision 045). Words of the search text are matched against
 * coach_profiles.search_text, a copy of the user's search document kept by triggers (decision 018),
 * so the planner can either walk coach_profiles_listing in list order, checking
 * text, specialisation, age group and price on the index tuple (index-only; users touched only for
 * coaches that match: common words), or collect the matches through coach_profiles_search_trgm and
 * sort them (rare words). The page takes the keys first and joins the card's columns for those 21
 * rows only, so the walk stays index-only. At most three queries: the page, the count (skipped when
 * the first page is short), and whether any coach is listed at all (only when filters match nothing).
 */

interface CoachRow {
  id: string;
  full_name: string | null;
  avatar_url: string | null;
  /** The base place's label: a card never carries the address line. */
  place_label: string | null;
  bio: string | null;
  is_verified: boolean;
  rating: string | number;
  review_count: number;
  total_sessions: number;
  services_offered: string[] | string | null;
  hourly_rate_pence: number;
  from_price_pence: number;
  /** The chosen session lengths, as JSON [{ minutes, pricePence }]. */
  session_lengths: unknown;
  /** Near a place (near-clause.ts): tenths of a mile, and whether the coach travels that far. */
  distance_tenths?: number | null;
  travels_to_you?: boolean | null;
}

export { containsPattern, containsWord } from './text-clause';

const LISTED = `cp.is_listed and u.user_type = 'coach' and u.is_active and u.erased_at is null`;

/**
 * The same near a place, with the user's conditions read from the profile's copy of them
 * (coach_profiles.account_open, kept by triggers on users; decision 061): every coach within reach
 * is then read from coach_profiles_place_reach alone, with no probe of users.
 */
const LISTED_NEAR = `cp.is_listed and cp.account_open`;

/** The filters' WHERE clause (with `?` placeholders), exported so the bench's baseline can send the same statement. */
export function whereFor(filters: CoachSearchFilters, { shortWordIndex = true } = {}): { sql: string; params: unknown[] } {
  const clauses = [filters.near && !filters.online ? LISTED_NEAR : LISTED];
  const params: unknown[] = [];
  // Each word: any part, its English stem, or a specialisation it names (text-clause.ts).
  const text = textClause(
    (filters.text ?? '').split(' ').filter((w) => w.length > 0),
    filters.location,
    { shortWordIndex },
  );
  if (text) {
    clauses.push(text.sql);
    params.push(...text.params);
  }
  if (filters.location) {
    // The exact test, on users. A strpos, not a LIKE: users_location_trgm is partial, so the planner
    // has no statistics for it and took every location for a rare one (it collected the 8 % of
    // coaches in one city from users, 70–150 ms at 100 000); this way the copy's estimate decides.
    clauses.push(`strpos(lower(u.location_address), ?) > 0`);
    params.push(filters.location.toLowerCase());
  }
  if (filters.specialisation) {
    clauses.push(`cp.services_offered @> array[?]::text[]`);
    params.push(filters.specialisation);
  }
  if (filters.ageGroup) {
    clauses.push(`cp.age_groups @> array[?]::text[]`);
    params.push(filters.ageGroup);
  }
  if (filters.priceBand) {
    const { minPence, maxPence } = priceBandRange(filters.priceBand);
    // The least price the coach offers (decision 045), kept on the profile by triggers.
    clauses.push(`cp.from_price_pence >= ?`);
    params.push(minPence);
    if (maxPence !== null) {
      clauses.push(`cp.from_price_pence < ?`);
      params.push(maxPence);
    }
  }
  return { sql: clauses.join(' and '), params };
}

/**
 * Rows after the cursor in the list's order. The leading `cp.rating <= ?` and
 * `(cp.rating, cp.total_sessions) <= (?, ?)` are implied by the rest but sargable: the listing
 * index scan starts at the cursor's rating and sessions instead of filtering every row before it,
 * so a deep page costs what page 1 does (explain.test.ts checks it). Without the row
 * comparison a page started at the top of the cursor's rating, which 20 000 coaches share at
 * 1 000 000 (decision 018).
 */
export function keysetAfter(cursor: CoachSearchCursor): { sql: string; params: unknown[] } {
  return {
    sql: `cp.rating <= ? and (cp.rating, cp.total_sessions) <= (?, ?) and (cp.rating < ? or (cp.rating = ? and (cp.total_sessions < ? or (cp.total_sessions = ? and cp.user_id > ?))))`,
    params: [cursor.rating, cursor.rating, cursor.totalSessions, cursor.rating, cursor.rating, cursor.totalSessions, cursor.totalSessions, cursor.userId],
  };
}

function pgTextArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((s) => s.replace(/^"|"$/g, ''));
}

/** The stored lengths (the table's checks hold their values); anything else in the JSON is left out. */
function cardLengths(value: unknown): readonly SessionLengthPrice[] {
  if (!Array.isArray(value)) return [];
  return (value as { minutes?: unknown; pricePence?: unknown }[]).flatMap((l) =>
    typeof l?.minutes === 'number' && isSessionMinutes(l.minutes) && typeof l.pricePence === 'number' && Number.isSafeInteger(l.pricePence) && l.pricePence > 0
      ? [{ minutes: l.minutes, pricePence: l.pricePence }]
      : [],
  );
}

function toCard(row: CoachRow): CoachCard {
  return {
    userId: row.id,
    fullName: row.full_name,
    avatarUrl: row.avatar_url,
    isVerified: row.is_verified,
    rating: Number(row.rating),
    reviewCount: Number(row.review_count),
    totalSessions: Number(row.total_sessions),
    location: row.place_label,
    servicesOffered: pgTextArray(row.services_offered).filter((s): s is CoachingType => isCoachingType(s)),
    bio: row.bio,
    fromPricePence: Number(row.from_price_pence),
    sessionOffer: { ratePence: Number(row.hourly_rate_pence), lengths: cardLengths(row.session_lengths) },
    ...(row.distance_tenths === undefined || row.distance_tenths === null ? {} : { distanceTenths: Number(row.distance_tenths), travelsToYou: row.travels_to_you === true }),
  };
}

export const COACH_SEARCH_ORDER = `cp.rating desc, cp.total_sessions desc, cp.user_id asc`;

/**
 * The page statement (`?` placeholders): the keys first, in list order, then the card's columns
 * for those rows only, so the walk stays index-only. Takes `whereFor`'s clause, which the count
 * reuses. Exported so the bench's baseline sends it too.
 */
export function pageStatement(where: { sql: string; params: unknown[] }, cursor: CoachSearchCursor | null, rows: number): { sql: string; params: unknown[] } {
  const keyset = cursor ? keysetAfter(cursor) : null;
  return {
    sql: `select u.id, u.full_name, u.avatar_url, (select pl.label from places pl where pl.id = cp.base_place_id) as place_label, u.bio,
                cp.is_verified, cp.rating, cp.review_count, cp.total_sessions, cp.services_offered, cp.hourly_rate_pence, cp.from_price_pence,
                (select json_agg(json_build_object('minutes', l.minutes, 'pricePence', l.price_pence) order by l.minutes)
                   from coach_session_lengths l where l.coach_id = page.user_id) as session_lengths
           from (select cp.user_id, cp.rating, cp.total_sessions
                   from coach_profiles cp join users u on u.id = cp.user_id
                  where ${where.sql}${keyset ? ` and ${keyset.sql}` : ''}
                  order by ${COACH_SEARCH_ORDER}
                  limit ?) as page
           join coach_profiles cp on cp.user_id = page.user_id
           join users u on u.id = page.user_id
          order by page.rating desc, page.total_sessions desc, page.user_id asc`,
    params: [...where.params, ...(keyset?.params ?? []), rows],
  };
}

/** The token after `last` in the search's order. */
function nextCursorAfter(filters: CoachSearchFilters, last: CoachCard): string {
  const sort = filters.sort === 'distance' && (!filters.near || filters.online) ? 'rating' : (filters.sort ?? 'rating');
  if (sort === 'rating') return cursorAfter(last);
  const cursor: SortedCursor = { by: sort, key: sort === 'distance' ? (last.distanceTenths ?? 0) : last.fromPricePence, rating: last.rating, userId: last.userId };
  return sortedCursorAfter(cursor);
}

export function createCoachSearch(em: EntityManager, options: { totals?: SearchTotals } = {}): CoachSearch {
  const run = <R>(sql: string, params: unknown[]) => em.getConnection().execute<R[]>(sql, params);
  const count = async (from: { sql: string; params: unknown[] }, where: { sql: string; params: unknown[] }): Promise<number> => {
    const params = [...from.params, ...where.params];
    const countNow = async () => {
      const [row] = await run<{ n: string | number }>(`select count(*) as n from ${from.sql} where ${where.sql}`, params);
      return Number(row?.n ?? 0);
    };
    if (!options.totals) return countNow();
    // A background refresh may run after this request has answered: it only uses the pool's
    // connection (no identity map, no transaction of the request), so that is safe.
    return options.totals.remember(`${from.sql}\u0000${where.sql}\u0000${JSON.stringify(params)}`, countNow);
  };
  return {
    async search(filters, { cursor, limit }): Promise<CoachSearchPage> {
      const where = withNear(whereFor(filters), filters);
      const sorted = needsSortedPage(filters);
      const page = sorted ? sortedPageStatement(where, filters, cursor, limit + 1) : pageStatement(where, cursor && 'by' in cursor ? null : cursor, limit + 1);
      const rows = await run<CoachRow>(page.sql, page.params);
      const coaches = rows.slice(0, limit).map(toCard);
      const hasMore = rows.length > limit;
      let total = coaches.length;
      // The count without the short-word pairs test (text-clause.ts): it reads every match.
      if (cursor !== null || hasMore) total = await count(searchFrom(filters), withNear(whereFor(filters, { shortWordIndex: false }), filters));
      let anyCoachListed = total > 0;
      if (!anyCoachListed && activeFilterCount(filters) > 0) {
        const [row] = await run<{ any: boolean }>(`select exists (select 1 from coach_profiles cp join users u on u.id = cp.user_id where ${LISTED}) as any`, []);
        anyCoachListed = row?.any === true;
      }
      const last = coaches.at(-1);
      return { coaches, total, anyCoachListed, nextCursor: hasMore && last ? nextCursorAfter(filters, last) : null };
    },
  };
}
