import type { EntityManager } from '@mikro-orm/postgresql';
import { isCoachingType, type CoachingType } from '../../../domain/shared/catalogue';
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

/**
 * FindCoaches read model: SQL over users + coach_profiles. Only active, listed coaches with a
 * profile. Text filters use the trigram indexes (users_search_trgm, users_location_trgm, both
 * partial on user_type = 'coach'), specialisation the services GIN index, price the rate index,
 * and the unfiltered list walks coach_profiles_listing in its order. At most three queries:
 * the page, the count (skipped when the first page is short), and whether any coach is listed
 * at all (only when filters match nothing).
 */

interface CoachRow {
  id: string;
  full_name: string | null;
  avatar_url: string | null;
  location_address: string | null;
  bio: string | null;
  is_verified: boolean;
  rating: string | number;
  review_count: number;
  total_sessions: number;
  services_offered: string[] | string | null;
  hourly_rate_pence: number;
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const LISTED = `cp.is_listed and u.user_type = 'coach' and u.is_active and u.erased_at is null`;

function whereFor(filters: CoachSearchFilters): { sql: string; params: unknown[] } {
  const clauses = [LISTED];
  const params: unknown[] = [];
  for (const word of (filters.text ?? '').split(' ').filter((w) => w.length > 0)) {
    clauses.push(`u.search_document like ?`);
    params.push(containsPattern(word));
  }
  if (filters.location) {
    clauses.push(`lower(u.location_address) like ?`);
    params.push(containsPattern(filters.location));
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
    clauses.push(`cp.hourly_rate_pence >= ?`);
    params.push(minPence);
    if (maxPence !== null) {
      clauses.push(`cp.hourly_rate_pence < ?`);
      params.push(maxPence);
    }
  }
  return { sql: clauses.join(' and '), params };
}

/**
 * Rows after the cursor in the list's order. The leading `cp.rating <= ?` is implied by the rest
 * but sargable: the listing index scan starts at the cursor's rating instead of filtering every
 * row before it, so a deep page costs what page 1 does (issue 11; explain.test.ts checks it).
 */
function keysetAfter(cursor: CoachSearchCursor): { sql: string; params: unknown[] } {
  return {
    sql: `cp.rating <= ? and (cp.rating < ? or (cp.rating = ? and (cp.total_sessions < ? or (cp.total_sessions = ? and cp.user_id > ?))))`,
    params: [cursor.rating, cursor.rating, cursor.rating, cursor.totalSessions, cursor.totalSessions, cursor.userId],
  };
}

function pgTextArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value.replace(/^\{|\}$/g, '').split(',').map((s) => s.replace(/^"|"$/g, ''));
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
    location: row.location_address,
    servicesOffered: pgTextArray(row.services_offered).filter((s): s is CoachingType => isCoachingType(s)),
    bio: row.bio,
    hourlyRatePence: Number(row.hourly_rate_pence),
  };
}

export const COACH_SEARCH_ORDER = `cp.rating desc, cp.total_sessions desc, cp.user_id asc`;

export function createCoachSearch(em: EntityManager, options: { totals?: SearchTotals } = {}): CoachSearch {
  const run = <R>(sql: string, params: unknown[]) => em.getConnection().execute<R[]>(sql, params);
  const count = async (where: { sql: string; params: unknown[] }): Promise<number> => {
    const countNow = async () => {
      const [row] = await run<{ n: string | number }>(
        `select count(*) as n from coach_profiles cp join users u on u.id = cp.user_id where ${where.sql}`,
        where.params,
      );
      return Number(row?.n ?? 0);
    };
    if (!options.totals) return countNow();
    // A background refresh may run after this request has answered: it only uses the pool's
    // connection (no identity map, no transaction of the request), so that is safe.
    return options.totals.remember(`${where.sql}\u0000${JSON.stringify(where.params)}`, countNow);
  };
  return {
    async search(filters, { cursor, limit }): Promise<CoachSearchPage> {
      const where = whereFor(filters);
      const keyset = cursor ? keysetAfter(cursor) : null;
      const rows = await run<CoachRow>(
        `select u.id, u.full_name, u.avatar_url, u.location_address, u.bio,
                cp.is_verified, cp.rating, cp.review_count, cp.total_sessions, cp.services_offered, cp.hourly_rate_pence
           from coach_profiles cp join users u on u.id = cp.user_id
          where ${where.sql}${keyset ? ` and ${keyset.sql}` : ''}
          order by ${COACH_SEARCH_ORDER}
          limit ?`,
        [...where.params, ...(keyset?.params ?? []), limit + 1],
      );
      const coaches = rows.slice(0, limit).map(toCard);
      const hasMore = rows.length > limit;
      let total = coaches.length;
      if (cursor !== null || hasMore) total = await count(where);
      let anyCoachListed = total > 0;
      if (!anyCoachListed && activeFilterCount(filters) > 0) {
        const [row] = await run<{ any: boolean }>(
          `select exists (select 1 from coach_profiles cp join users u on u.id = cp.user_id where ${LISTED}) as any`,
          [],
        );
        anyCoachListed = row?.any === true;
      }
      const last = coaches.at(-1);
      return { coaches, total, anyCoachListed, nextCursor: hasMore && last ? cursorAfter(last) : null };
    },
  };
}
