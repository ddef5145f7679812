/**
 * Near me (PRODUCT 'Near me', decision 053): a client searches near a place, within 5,
 * 10, 25 or 50 miles. An in-person coach is listed when their base place is within that distance,
 * or when the client's place is within the coach's own service radius (they travel to the client).
 * Distances are measured between place centres on earthdistance's sphere and compared as they are
 * shown, in tenths of a mile: a coach 10.04 miles away reads '10.0 miles away' and is within 10.
 */

export interface GeoPoint {
  readonly latitude: number;
  readonly longitude: number;
}

/** earthdistance's earth() radius, so the domain measures what PostgreSQL does. */
export const EARTH_RADIUS_METRES = 6_378_168;
export const METRES_PER_MILE = 1609.344;
export const METRES_PER_TENTH_MILE = METRES_PER_MILE / 10;

export const NEAR_MILES = [5, 10, 25, 50] as const;
export type NearMiles = (typeof NEAR_MILES)[number];
export const DEFAULT_NEAR_MILES: NearMiles = 10;

/** A search near a place of the gazetteer (its GeoNames id, as the URL carries it). */
export interface NearSearch {
  readonly placeId: number;
  readonly miles: NearMiles;
}

/** FindCoaches' orders: distance is the default near a place; rating otherwise. */
export const COACH_SORTS = ['distance', 'rating', 'price'] as const;
export type CoachSort = (typeof COACH_SORTS)[number];

export const COACH_SORT_OPTIONS: readonly { value: CoachSort; label: string }[] = [
  { value: 'distance', label: 'Nearest first' },
  { value: 'rating', label: 'Best rated' },
  { value: 'price', label: 'Lowest price' },
];

/** Great-circle distance on earthdistance's sphere (haversine). */
export function greatCircleMetres(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as it is shown and compared: whole tenths of a mile, halves up. */
export function tenthsOfMile(metres: number): number {
  return Math.round(metres / METRES_PER_TENTH_MILE);
}

export interface Reach {
  /** The coach's base is within the searched distance. */
  readonly nearby: boolean;
  /** The client's place is within the coach's own service radius. */
  readonly travelsToYou: boolean;
}

/** The radius rule: whether an in-person coach `distanceTenths` away is listed, and why. */
export function reachOf(input: { distanceTenths: number; searchMiles: number; serviceRadiusMiles: number }): Reach {
  // A radius of 0 is a coach who does not travel, even to their own place.
  return { nearby: input.distanceTenths <= input.searchMiles * 10, travelsToYou: input.serviceRadiusMiles > 0 && input.distanceTenths <= input.serviceRadiusMiles * 10 };
}

export const isListedNear = (reach: Reach): boolean => reach.nearby || reach.travelsToYou;

/** '3.4 miles away', '1.0 mile away', 'Under 0.1 miles away' (same place). */
export function distanceLabel(distanceTenths: number): string {
  if (distanceTenths <= 0) return 'Under 0.1 miles away';
  const miles = (distanceTenths / 10).toFixed(1);
  return `${miles} ${distanceTenths === 10 ? 'mile' : 'miles'} away`;
}

/** Great Britain and Northern Ireland, roughly: a position outside it has no place near it. */
export function isInGazetteerArea(point: GeoPoint): boolean {
  return point.latitude >= 49.5 && point.latitude <= 61 && point.longitude >= -8.7 && point.longitude <= 2;
}

const PLACE_ID = /^[1-9]\d{0,9}$/;

/** The place search from the URL (near=<GeoNames id>, miles=5|10|25|50; 10 when unset or unknown). */
export function nearFromSearchParams(params: URLSearchParams): NearSearch | null {
  const id = params.get('near') ?? '';
  if (!PLACE_ID.test(id) || Number(id) > 2_147_483_647) return null;
  const miles = Number(params.get('miles'));
  return { placeId: Number(id), miles: (NEAR_MILES as readonly number[]).includes(miles) ? (miles as NearMiles) : DEFAULT_NEAR_MILES };
}

/** The order from the URL: a stale or unknown one falls back to the default; distance needs a place. */
export function sortFromSearchParams(params: URLSearchParams, near: NearSearch | null): CoachSort {
  const sort = params.get('sort');
  if (sort === 'rating' || sort === 'price') return sort;
  return near ? 'distance' : 'rating';
}

/** Where a page in distance or price order ends: that key (tenths of a mile, pence), then rating, then id. */
export interface SortedCursor {
  readonly by: 'distance' | 'price';
  readonly key: number;
  readonly rating: number;
  readonly userId: string;
}

export function sortedCursorAfter(cursor: SortedCursor): string {
  return `${cursor.by === 'distance' ? 'd' : 'p'}${cursor.key}_${cursor.rating.toFixed(1)}_${cursor.userId}`;
}

/** Reads a distance or price cursor; anything malformed, or of another order, counts as "from the start". */
export function parseSortedCursor(token: string | null | undefined, by: 'distance' | 'price'): SortedCursor | null {
  const m = /^([dp])(\d{1,9})_(\d(?:\.\d)?)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(token ?? '');
  if (!m || m[1] !== (by === 'distance' ? 'd' : 'p')) return null;
  const rating = Number(m[3]);
  if (rating > 5) return null;
  return { by, key: Number(m[2]), rating, userId: m[4]!.toLowerCase() };
}

/** How a coach coaches (issue 46): 'Near' lists in-person and both, 'Online' lists online and both. */
export const SESSION_MODES = ['in_person', 'online', 'both'] as const;
export type SessionMode = (typeof SESSION_MODES)[number];
export const DEFAULT_SESSION_MODE: SessionMode = 'in_person';

export const SESSION_MODE_OPTIONS: readonly { value: SessionMode; label: string }[] = [
  { value: 'in_person', label: 'In person' },
  { value: 'online', label: 'Online' },
  { value: 'both', label: 'In person and online' },
];

/** A place id as forms and the URL carry it (a GeoNames id, a positive 32-bit integer). */
export function isPlaceId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647;
}
