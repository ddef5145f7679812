import { AGE_GROUPS, COACHING_TYPES, type AgeGroup, type CoachingType } from '../shared/catalogue';
import type { Id } from '../shared/ids';
import type { SessionOffer } from '../shared/session-lengths';
import type { Pence } from '../shared/money';
import { nearFromSearchParams, parseSortedCursor, sortFromSearchParams, type CoachSort, type NearSearch, type SortedCursor } from './near';

/**
 * FindCoaches (SPEC §2): the filters a client sets, the card a coach is shown as, and
 * the port that answers a search from the database with keyset pagination.
 */

export const COACH_SEARCH_PAGE_SIZE = 20;
export const SEARCH_TEXT_MAX_LENGTH = 100;

/** SPEC §2 price filter, in pence: any, £0–30, £30–60, £60–100, £100 and over. */
export const PRICE_BANDS = ['0-30', '30-60', '60-100', '100+'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];

export const PRICE_BAND_OPTIONS: readonly { value: PriceBand; label: string }[] = [
  { value: '0-30', label: '£0 to £30' },
  { value: '30-60', label: '£30 to £60' },
  { value: '60-100', label: '£60 to £100' },
  { value: '100+', label: '£100 and over' },
];

/** [min, max) in pence; max null = no upper bound. £30 exactly belongs to £30–60. */
export function priceBandRange(band: PriceBand): { minPence: Pence; maxPence: Pence | null } {
  switch (band) {
    case '0-30':
      return { minPence: 0, maxPence: 3000 };
    case '30-60':
      return { minPence: 3000, maxPence: 6000 };
    case '60-100':
      return { minPence: 6000, maxPence: 10000 };
    case '100+':
      return { minPence: 10000, maxPence: null };
  }
}

export interface CoachSearchFilters {
  /** Words matched against name, bio and location. */
  readonly text: string | null;
  readonly specialisation: CoachingType | null;
  readonly priceBand: PriceBand | null;
  /** Matched against the coach's location. */
  readonly location: string | null;
  /** Coaches who coach this age group (decision 017; `age_group` in the URL). */
  readonly ageGroup?: AgeGroup | null;
  /** Near a place, within a distance (`near` and `miles` in the URL). */
  readonly near?: NearSearch | null;
  /** Coaches who coach online ('Online' in place of a place; `mode=online`). */
  readonly online?: boolean;
  /** The order; distance by default near a place, rating otherwise (`sort`). */
  readonly sort?: CoachSort;
}

export const NO_FILTERS: CoachSearchFilters = { text: null, specialisation: null, priceBand: null, location: null, ageGroup: null };

/**
 * A search box's text: spaces and control characters folded to one space (the copy separates its
 * stems with one: decision 018), trimmed, at most 100 characters; blank is no filter. (No zod: this
 * runs in the browser.)
 */
function searchText(value: string | null): string | null {
  const t = (value ?? '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, SEARCH_TEXT_MAX_LENGTH);
  return t === '' ? null : t;
}

/**
 * Reads the filters from the URL (q, specialization, price, location). Unknown values are
 * ignored rather than refused: a shared link with a stale value still shows coaches.
 */
export function filtersFromSearchParams(params: URLSearchParams): CoachSearchFilters {
  const specialisation = params.get('specialization');
  const price = params.get('price');
  const ageGroup = params.get('age_group');
  const online = params.get('mode') === 'online';
  const near = online ? null : nearFromSearchParams(params);
  return {
    text: searchText(params.get('q')),
    specialisation: (COACHING_TYPES as readonly string[]).includes(specialisation ?? '') ? (specialisation as CoachingType) : null,
    priceBand: (PRICE_BANDS as readonly string[]).includes(price ?? '') ? (price as PriceBand) : null,
    location: searchText(params.get('location')),
    ageGroup: (AGE_GROUPS as readonly string[]).includes(ageGroup ?? '') ? (ageGroup as AgeGroup) : null,
    near,
    online,
    sort: sortFromSearchParams(params, near),
  };
}

/** The URL query for the filters (only the ones set), so a search can be shared. */
export function filtersToSearchParams(filters: CoachSearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.text) params.set('q', filters.text);
  if (filters.specialisation) params.set('specialization', filters.specialisation);
  if (filters.priceBand) params.set('price', filters.priceBand);
  if (filters.location) params.set('location', filters.location);
  if (filters.ageGroup) params.set('age_group', filters.ageGroup);
  if (filters.online) params.set('mode', 'online');
  else if (filters.near) {
    params.set('near', String(filters.near.placeId));
    params.set('miles', String(filters.near.miles));
  }
  if (filters.sort && filters.sort !== (filters.near && !filters.online ? 'distance' : 'rating')) params.set('sort', filters.sort);
  return params;
}

/** SPEC §2: the count of active filters (the search box counts as one). */
export function activeFilterCount(filters: CoachSearchFilters): number {
  return [filters.text, filters.specialisation, filters.priceBand, filters.location, filters.ageGroup ?? null, filters.near ?? null, filters.online ? 'online' : null].filter((v) => v !== null).length;
}

// Results --------------------------------------------------------------------------------------

/** One coach card (SPEC §2 FindCoaches). */
export interface CoachCard {
  readonly userId: Id;
  readonly fullName: string | null;
  readonly avatarUrl: string | null;
  readonly isVerified: boolean;
  /** 0 to 5, one decimal. */
  readonly rating: number;
  readonly reviewCount: number;
  readonly totalSessions: number;
  /** The coach's base place (its gazetteer label), never their address line. */
  readonly location: string | null;
  readonly servicesOffered: readonly CoachingType[];
  readonly bio: string | null;
  /** The least price the coach offers (decision 045): what the price band filters by. */
  readonly fromPricePence: Pence;
  /** The rate and the chosen lengths: the card says 'from' when the prices differ, the booking dialog starts from it. */
  readonly sessionOffer: SessionOffer;
  /** Near a place: the distance between place centres in tenths of a mile (near.ts), else absent. */
  readonly distanceTenths?: number | null;
  /** Near a place: the client's place is within the coach's service radius. */
  readonly travelsToYou?: boolean;
}

/** The order of the list: best rated first, then most sessions, then id (stable). */
export interface CoachSearchCursor {
  readonly rating: number;
  readonly totalSessions: number;
  readonly userId: Id;
}

export interface CoachSearchPage {
  readonly coaches: readonly CoachCard[];
  /** Every coach matching the filters (SPEC 'Found N coach(es)'). */
  readonly total: number;
  /** Whether any coach is listed at all (to tell 'No coaches yet' from 'No coaches found'). */
  readonly anyCoachListed: boolean;
  /** Token for the next page, null on the last one. */
  readonly nextCursor: string | null;
}

export function cursorAfter(card: Pick<CoachCard, 'rating' | 'totalSessions' | 'userId'>): string {
  return `${card.rating.toFixed(1)}_${card.totalSessions}_${card.userId}`;
}

/** Reads a cursor token; anything malformed counts as "from the start". */
export function parseCursor(token: string | null | undefined): CoachSearchCursor | null {
  const m = /^(\d(?:\.\d)?)_(\d{1,9})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(token ?? '');
  if (!m) return null;
  const rating = Number(m[1]);
  if (rating < 0 || rating > 5) return null;
  return { rating, totalSessions: Number(m[2]), userId: m[3]!.toLowerCase() };
}

/** The cursor token for the search's order: the rating order's, or the distance or price order's (near.ts). */
export function parseSearchCursor(filters: Pick<CoachSearchFilters, 'sort'>, token: string | null | undefined): CoachSearchCursor | SortedCursor | null {
  const sort = filters.sort ?? 'rating';
  return sort === 'rating' ? parseCursor(token) : parseSortedCursor(token, sort);
}

/** SPEC: 'Found 1 coach' / 'Found 12 coaches'. */
export function foundCoachesText(total: number): string {
  return `Found ${total} ${total === 1 ? 'coach' : 'coaches'}`;
}

/** Port: the search read model (SQL over users and coach profiles). */
export interface CoachSearch {
  search(filters: CoachSearchFilters, options: { cursor: CoachSearchCursor | SortedCursor | null; limit: number }): Promise<CoachSearchPage>;
}
