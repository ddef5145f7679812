import type { CoachSearchCursor, CoachSearchFilters } from '../../../domain/search/coach-search';
import type { CoachSort, SortedCursor } from '../../../domain/search/near';

/**
 * FindCoaches near a place and in other orders (decision 053): the clause of 'Near' and
 * 'Online', and the page statement for the distance and price orders (and the rating order when
 * a place gives each card a distance). `?` placeholders, as whereFor's.
 *
 * Near a place: the place's point is read by uncorrelated subqueries (InitPlans, one primary key
 * look-up each), so the index conditions take it as a parameter. An in-person coach is a
 * candidate when the box of the searched distance holds their base (coach_profiles_near) or the
 * box of their own service radius holds the place (coach_profiles_travel_area), a BitmapOr; the
 * exact test is then on the distance in tenths of a mile, as near.ts's reachOf says and the card
 * shows. earth_box is a cube around the sphere's chord, so it holds every point within the
 * distance (and some beyond it, which the exact test drops).
 */

/** How far a limit of `miles` reaches, in metres: every distance that rounds to it in tenths. */
const reachMetres = (miles: string) => `(${miles} * 10 + 0.5) * 160.9344`;

/** coach_profiles_travel_area's expression (the migration's, on the table's alias). */
const TRAVEL_AREA = `earth_box(cp.base_earth, ${reachMetres('cp.service_radius_miles')})`;

const PLACE_POINT = `(select ll_to_earth(p.latitude, p.longitude) from places p where p.id = ?)`;

/** The distance from the searched place to the coach's base, in tenths of a mile. */
const DISTANCE_TENTHS = `round((earth_distance(cp.base_earth, ${PLACE_POINT}) / 160.9344)::numeric)::integer`;

/** The clause 'Near' or 'Online' adds to whereFor's, or null when neither is chosen. */
export function nearWhere(filters: CoachSearchFilters): { sql: string; params: unknown[] } | null {
  if (filters.online) return { sql: `cp.session_mode <> 'in_person'`, params: [] };
  const near = filters.near;
  if (!near) return null;
  const id = near.placeId;
  return {
    sql: `cp.session_mode <> 'online' and cp.base_earth is not null
      and (earth_box(${PLACE_POINT}, ${reachMetres('?')}) @> cp.base_earth or ${TRAVEL_AREA} @> ${PLACE_POINT})
      and ${DISTANCE_TENTHS} <= greatest(?, cp.service_radius_miles) * 10`,
    params: [id, near.miles, id, id, near.miles],
  };
}

/** Appends 'Near' or 'Online' to a where clause. */
export function withNear(where: { sql: string; params: unknown[] }, filters: CoachSearchFilters): { sql: string; params: unknown[] } {
  const near = nearWhere(filters);
  return near ? { sql: `${where.sql} and ${near.sql}`, params: [...where.params, ...near.params] } : where;
}

/** Whether the search needs this file's page statement rather than the rating list's. */
export function needsSortedPage(filters: CoachSearchFilters): boolean {
  return (filters.sort ?? 'rating') !== 'rating' || (!!filters.near && !filters.online);
}

interface OrderSpec {
  /** The inner select's extra column. */
  readonly key: string;
  readonly order: string;
  readonly outerOrder: string;
}

function orderFor(sort: CoachSort, near: boolean): OrderSpec {
  const distance = near ? DISTANCE_TENTHS : 'null::integer';
  switch (sort) {
    case 'distance':
      return { key: distance, order: `distance_tenths asc, cp.rating desc, cp.user_id asc`, outerOrder: `page.distance_tenths asc, page.rating desc, page.user_id asc` };
    case 'price':
      return { key: distance, order: `cp.from_price_pence asc, cp.rating desc, cp.user_id asc`, outerOrder: `page.from_price_pence asc, page.rating desc, page.user_id asc` };
    case 'rating':
      return { key: distance, order: `cp.rating desc, cp.total_sessions desc, cp.user_id asc`, outerOrder: `page.rating desc, page.total_sessions desc, page.user_id asc` };
  }
}

/** Rows after the cursor in the sort's order (a cursor of another order starts from the top). */
function keysetFor(sort: CoachSort, near: CoachSearchFilters['near'], cursor: CoachSearchCursor | SortedCursor | null): { sql: string; params: unknown[] } | null {
  if (!cursor) return null;
  if (sort === 'rating') {
    if ('by' in cursor) return null;
    return {
      sql: `(cp.rating < ? or (cp.rating = ? and (cp.total_sessions < ? or (cp.total_sessions = ? and cp.user_id > ?))))`,
      params: [cursor.rating, cursor.rating, cursor.totalSessions, cursor.totalSessions, cursor.userId],
    };
  }
  if (!('by' in cursor) || cursor.by !== sort) return null;
  const key = sort === 'distance' ? DISTANCE_TENTHS : 'cp.from_price_pence';
  const keyParams = sort === 'distance' && near ? [near.placeId] : [];
  // The key's leading `>=` is implied by the rest but lets an ordered index scan start at the cursor.
  return {
    sql: `${key} >= ? and (${key} > ? or (${key} = ? and (cp.rating < ? or (cp.rating = ? and cp.user_id > ?))))`,
    params: [...keyParams, cursor.key, ...keyParams, cursor.key, ...keyParams, cursor.key, cursor.rating, cursor.rating, cursor.userId],
  };
}

/**
 * The page statement of the distance and price orders, and of the rating order near a place: the
 * keys (and the distance) first, then the card's columns for those rows only. The place's label is
 * the card's location: a coach's address line never leaves the server.
 */
export function sortedPageStatement(
  where: { sql: string; params: unknown[] },
  filters: CoachSearchFilters,
  cursor: CoachSearchCursor | SortedCursor | null,
  rows: number,
): { sql: string; params: unknown[] } {
  const near = filters.near && !filters.online ? filters.near : null;
  // Distance needs a place (filtersFromSearchParams never gives it without one).
  const sort = filters.sort === 'distance' && !near ? 'rating' : (filters.sort ?? 'rating');
  const spec = orderFor(sort, near !== null);
  const keyset = keysetFor(sort, near, cursor);
  const keyParams = near ? [near.placeId] : [];
  return {
    sql: `select u.id, u.full_name, u.avatar_url, pl.label as place_label, u.bio,
                cp.is_verified, cp.rating, cp.review_count, cp.total_sessions, cp.services_offered, cp.hourly_rate_pence, cp.from_price_pence,
                page.distance_tenths, cp.service_radius_miles > 0 and page.distance_tenths <= cp.service_radius_miles * 10 as travels_to_you,
                (select json_agg(json_build_object('minutes', l.minutes, 'pricePence', l.price_pence) order by l.minutes)
                   from coach_session_lengths l where l.coach_id = page.user_id) as session_lengths
           from (select cp.user_id, cp.rating, cp.total_sessions, cp.from_price_pence, ${spec.key} as distance_tenths
                   from coach_profiles cp join users u on u.id = cp.user_id
                  where ${where.sql}${keyset ? ` and ${keyset.sql}` : ''}
                  order by ${spec.order}
                  limit ?) as page
           join coach_profiles cp on cp.user_id = page.user_id
           join users u on u.id = page.user_id
           left join places pl on pl.id = cp.base_place_id
          order by ${spec.outerOrder}`,
    params: [...keyParams, ...where.params, ...(keyset?.params ?? []), rows],
  };
}
