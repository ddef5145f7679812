import type { CoachSearchCursor, CoachSearchFilters } from '../../../domain/search/coach-search';
import type { CoachSort, NearSearch, SortedCursor } from '../../../domain/search/near';

/**
 * FindCoaches near a place and in other orders (decisions 053 and 061): the FROM list and clause
 * of 'Near' and 'Online', and the page statement for the distance and price orders (and the rating
 * order when a place gives each card a distance). `?` placeholders, as whereFor's.
 *
 * Near a place the search starts from the places, not the coaches (decision 061). A coach's base
 * is a place's centre, so every distance is between two of the gazetteer's ~4 300 places: the
 * places within reach of the searched one are found by places_earth (a GiST box, no farther than
 * the searched distance or the longest service radius anyone listed has), each with its distance
 * in tenths of a mile and the radius a coach based there needs to be listed (none within the
 * searched distance; the distance, in whole miles rounded up, beyond it: near.ts's reachOf). The
 * coaches are then read place by place from coach_profiles_place_reach, (place, radius) with the
 * card's keys included, so the radius is an index condition and the read is index-only. In
 * distance order the places come sorted by their tenths, a nested loop keeps that order, and an
 * incremental sort orders each tenth by rating and id: the LIMIT stops the walk after the page's
 * last tenth, so the first page reads the nearest places only, and a later page starts at the
 * cursor's tenth.
 */

/** How far a limit of `miles` reaches, in metres: every distance that rounds to it in tenths. */
const reachMetres = (miles: string) => `(${miles} * 10 + 0.5) * 160.9344`;

/**
 * coach_profiles_place_reach's (and coach_profiles_longest_radius's) predicate: a listed in-person
 * coach with a base whose account is open (account_open: the user's conditions, copied).
 */
export const IN_PERSON_WITH_BASE = `cp.is_listed and cp.account_open and cp.base_earth is not null and cp.session_mode <> 'online'`;

/** The longest service radius of a listed in-person coach (coach_profiles_longest_radius: one index tuple). */
const LONGEST_RADIUS = `(select max(cp.service_radius_miles) from coach_profiles cp where ${IN_PERSON_WITH_BASE})`;

/**
 * The places a search near `near` can list a coach at, as `pl`: id, tenths (the distance from the
 * searched place in tenths of a mile, earthdistance's great-circle metres) and radius_needed. The
 * box finds them by index; the circle inside it leaves out its corners (a fifth of the box), where
 * no one travels far enough, so no place is probed for coaches it cannot have. The circle is
 * tested first on the chord (cube_distance, of which earth_distance is the great-circle length:
 * the same order), a metre wide of the bound so rounding cannot drop a place, then exactly in
 * tenths; so the corners' places never pay for earth_distance. From `fromTenths` on when a
 * distance cursor says so; sorted by distance when `ordered`.
 *
 * The reach (`m.miles`: the searched distance, or the longest service radius anyone listed has),
 * and the searched place's point, box and chord are computed once, in `m` and `k`, and each
 * place's distance once, in `r`: the `offset 0`s keep PostgreSQL from pulling the subqueries up,
 * which would copy those expressions into every row's test (the box and the chord rebuilt for
 * each place the index returns, the distance for each use of it).
 */
function placesWithinReach(near: NearSearch, options: { fromTenths: number | null; ordered: boolean }): { sql: string; params: unknown[] } {
  return {
    sql: `(select r.id, r.tenths, case when r.tenths <= ? * 10 then 0 else (r.tenths + 9) / 10 end as radius_needed
             from (select q.id, round(earth_distance(q.earth, k.point) / 160.9344)::integer as tenths, k.reach_tenths
                     from (select p.earth as point, earth_box(p.earth, ${reachMetres('m.miles')}) as box,
                                  gc_to_sec(${reachMetres('m.miles')} + 1) as chord, 10 * m.miles as reach_tenths
                             from places p cross join (select greatest(?, ${LONGEST_RADIUS}) as miles offset 0) as m
                            where p.id = ? offset 0) as k
                     join places q on k.box @> q.earth and cube_distance(q.earth, k.point) <= k.chord
                   offset 0) as r
            where r.tenths <= r.reach_tenths${options.fromTenths === null ? '' : ' and r.tenths >= ?'}${options.ordered ? ' order by r.tenths' : ''}
           offset 0) as pl`,
    params: [near.miles, near.miles, near.placeId, ...(options.fromTenths === null ? [] : [options.fromTenths])],
  };
}

const COACHES = `coach_profiles cp join users u on u.id = cp.user_id`;

/**
 * The search's FROM list: coach_profiles cp and users u; near a place, the places pl first, then
 * their coaches, and users only for a location filter (the listing's user-level conditions are
 * the profile's copy there, whereFor's LISTED_NEAR), so the rating and price orders and the count
 * read each coach within reach from coach_profiles_place_reach alone.
 */
export function searchFrom(filters: CoachSearchFilters, options: { fromTenths: number | null; ordered: boolean } = { fromTenths: null, ordered: false }): { sql: string; params: unknown[] } {
  const near = filters.near && !filters.online ? filters.near : null;
  if (!near) return { sql: COACHES, params: [] };
  const places = placesWithinReach(near, options);
  return {
    sql: `${places.sql} join coach_profiles cp on cp.base_place_id = pl.id and cp.service_radius_miles >= pl.radius_needed${filters.location ? ' join users u on u.id = cp.user_id' : ''}`,
    params: places.params,
  };
}

/** The clause 'Near' or 'Online' adds to whereFor's (the rule itself is searchFrom's join), or null when neither is chosen. */
export function nearWhere(filters: CoachSearchFilters): { sql: string; params: unknown[] } | null {
  if (filters.online) return { sql: `cp.session_mode <> 'in_person'`, params: [] };
  if (!filters.near) return null;
  return { sql: IN_PERSON_WITH_BASE, params: [] };
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
  const distance = near ? 'pl.tenths' : 'null::integer';
  switch (sort) {
    case 'distance':
      return { key: distance, order: `pl.tenths asc, cp.rating desc, cp.user_id asc`, outerOrder: `page.distance_tenths asc, page.rating desc, page.user_id asc` };
    case 'price':
      return { key: distance, order: `cp.from_price_pence asc, cp.rating desc, cp.user_id asc`, outerOrder: `page.from_price_pence asc, page.rating desc, page.user_id asc` };
    case 'rating':
      return { key: distance, order: `cp.rating desc, cp.total_sessions desc, cp.user_id asc`, outerOrder: `page.rating desc, page.total_sessions desc, page.user_id asc` };
  }
}

/** The cursor of the sort, if it is one (a cursor of another order starts from the top). */
function cursorOf(sort: CoachSort, cursor: CoachSearchCursor | SortedCursor | null): CoachSearchCursor | SortedCursor | null {
  if (!cursor) return null;
  if (sort === 'rating') return 'by' in cursor ? null : cursor;
  return 'by' in cursor && cursor.by === sort ? cursor : null;
}

/** Rows after the cursor in the sort's order. */
function keysetFor(sort: CoachSort, cursor: CoachSearchCursor | SortedCursor | null): { sql: string; params: unknown[] } | null {
  if (!cursor) return null;
  if (!('by' in cursor)) {
    return {
      sql: `(cp.rating < ? or (cp.rating = ? and (cp.total_sessions < ? or (cp.total_sessions = ? and cp.user_id > ?))))`,
      params: [cursor.rating, cursor.rating, cursor.totalSessions, cursor.totalSessions, cursor.userId],
    };
  }
  if (sort === 'distance') {
    // The places before the cursor's tenth are left out by placesWithinReach's fromTenths.
    return {
      sql: `(pl.tenths > ? or (pl.tenths = ? and (cp.rating < ? or (cp.rating = ? and cp.user_id > ?))))`,
      params: [cursor.key, cursor.key, cursor.rating, cursor.rating, cursor.userId],
    };
  }
  // The leading `>=` is implied by the rest but lets an ordered index scan start at the cursor.
  return {
    sql: `cp.from_price_pence >= ? and (cp.from_price_pence > ? or (cp.from_price_pence = ? and (cp.rating < ? or (cp.rating = ? and cp.user_id > ?))))`,
    params: [cursor.key, cursor.key, cursor.key, cursor.rating, cursor.rating, cursor.userId],
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
  const after = cursorOf(sort, cursor);
  const keyset = keysetFor(sort, after);
  const from = searchFrom(filters, { fromTenths: sort === 'distance' && after && 'by' in after ? after.key : null, ordered: sort === 'distance' });
  return {
    sql: `select u.id, u.full_name, u.avatar_url, pl.label as place_label, u.bio,
                cp.is_verified, cp.rating, cp.review_count, cp.total_sessions, cp.services_offered, cp.hourly_rate_pence, cp.from_price_pence,
                page.distance_tenths, cp.service_radius_miles > 0 and page.distance_tenths <= cp.service_radius_miles * 10 as travels_to_you,
                (select json_agg(json_build_object('minutes', l.minutes, 'pricePence', l.price_pence) order by l.minutes)
                   from coach_session_lengths l where l.coach_id = page.user_id) as session_lengths
           from (select cp.user_id, cp.rating, cp.total_sessions, cp.from_price_pence, ${spec.key} as distance_tenths
                   from ${from.sql}
                  where ${where.sql}${keyset ? ` and ${keyset.sql}` : ''}
                  order by ${spec.order}
                  limit ?) as page
           join coach_profiles cp on cp.user_id = page.user_id
           join users u on u.id = page.user_id
           left join places pl on pl.id = cp.base_place_id
          order by ${spec.outerOrder}`,
    params: [...from.params, ...where.params, ...(keyset?.params ?? []), rows],
  };
}
