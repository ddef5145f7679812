import type { EntityManager } from '@mikro-orm/postgresql';
import { parseBooking, type Booking } from '../../../domain/booking/lifecycle/booking';
import type { BookingListItem } from '../../../domain/booking/lists/booking-list-reader';
import { bookingCursorAfter, type BookingListCursor, type BookingListPage, type BookingListReader } from '../../../domain/booking/lists/booking-list-reader';
import type { NeedsResponseKind } from '../../../domain/booking/lists/needs-response';
import { myBookingsOrder, type CoachDashboardGroup, type MyBookingsTab } from '../../../domain/booking/lists/booking-lists';

/**
 * MyBookings and CoachDashboard in SQL (SPEC §4), showing the coach only requests that reached them
 * (paid, decision 011): one query per page (bookings joined with both
 * parties' names and whether the viewer reviewed), keyset on (starts_at, id); one query for the
 * dashboard counts. Rows are re-validated by the domain's parseBooking.
 */

const UPCOMING = `(b.status in ('pending', 'confirmed') and b.starts_at >= ?)`;

function tabCondition(tab: MyBookingsTab, now: Date): { sql: string; params: unknown[] } {
  switch (tab) {
    case 'upcoming':
      return { sql: UPCOMING, params: [now] };
    case 'cancelled':
      return { sql: `b.status = 'cancelled'`, params: [] };
    case 'past':
      return { sql: `b.status <> 'cancelled' and not ${UPCOMING}`, params: [now] };
  }
}

/**
 * What the coach is shown of a booking (decision 011; hasReachedCoach in domain/booking/paid-requests):
 * not a request that was never paid (nothing ever authorised), pending still or ended before payment
 * (cancelled by the client or the system, its intent voided or not). Rows of table alias `b`.
 */
export const COACH_SEES_SQL = `not (b.amount_authorized_pence = 0 and b.payment_status in ('pending', 'failed', 'voided')
  and (b.status = 'pending' or (b.status = 'cancelled' and b.cancelled_by in ('client', 'system'))))`;

const GROUP_CONDITIONS: Record<CoachDashboardGroup, string> = {
  pending: `b.status = 'pending' and ${COACH_SEES_SQL}`,
  upcoming: `b.status in ('confirmed', 'in_session')`,
  history: `b.status in ('completed', 'cancelled', 'disputed') and ${COACH_SEES_SQL}`,
};

/**
 * Why a booking waits for its coach's answer (needsResponseKindOf in domain/booking/lists/needs-response),
 * or null. Rows of table alias `b`; the one parameter is now.
 */
const NEEDS_RESPONSE_KIND_SQL = `case
    when b.status = 'pending' and ${COACH_SEES_SQL} then 'request'
    when b.status in ('pending', 'confirmed') and b.reschedule_status = 'pending' and b.reschedule_requested_by = b.client_id then 'reschedule'
    when b.status in ('confirmed', 'in_session') and b.starts_at <= ? and b.coach_completed_at is null then 'complete'
  end`;

const camelNames = new Map<string, string>();
/** snake_case column → camelCase field, remembered (the same few dozen columns on every row). */
const camel = (key: string) => {
  let name = camelNames.get(key);
  if (name === undefined) {
    name = key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    if (camelNames.size < 500) camelNames.set(key, name);
  }
  return name;
};

/** The row's booking, from its snake_case columns, re-validated by the domain. */
function bookingOf(row: Record<string, unknown>): Booking {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) data[camel(key)] = value;
  const booking = parseBooking(data);
  if (!booking.ok) throw new Error(`bookings ${String(row.id)}: ${booking.error.message}`);
  return booking.value;
}

function toItem(row: Record<string, unknown>): BookingListItem {
  return {
    booking: bookingOf(row),
    clientName: (row.x_client_name as string | null) ?? null,
    coachName: (row.x_coach_name as string | null) ?? null,
    reviewedByViewer: row.x_reviewed === true,
    series: typeof row.x_series_sessions === 'number' && typeof row.x_series_position === 'number' ? { position: row.x_series_position, sessions: row.x_series_sessions } : null,
    player:
      typeof row.x_player_first_name === 'string' && typeof row.x_player_dob === 'string'
        ? {
            firstName: row.x_player_first_name,
            lastName: typeof row.x_player_last_name === 'string' ? row.x_player_last_name : '',
            dateOfBirth: row.x_player_dob,
            notes: (row.x_player_notes as string | null) ?? null,
          }
        : null,
  };
}

const SELECT = (viewerParam: boolean, extraColumns = '') => `
  select b.*, cu.full_name as x_client_name, co.full_name as x_coach_name,
         ${viewerParam ? 'exists (select 1 from reviews r where r.booking_id = b.id and r.reviewer_id = ?)' : 'false'} as x_reviewed,
         pl.first_name as x_player_first_name, pl.last_name as x_player_last_name,
         to_char(pl.date_of_birth, 'YYYY-MM-DD') as x_player_dob, pl.notes as x_player_notes,
         case when b.series_id is null then null else (select count(*)::int from bookings s where s.series_id = b.series_id) end as x_series_sessions,
         case when b.series_id is null then null else (select count(*)::int from bookings s where s.series_id = b.series_id and (s.starts_at, s.id) <= (b.starts_at, b.id)) end as x_series_position${extraColumns}
    from bookings b
    join users cu on cu.id = b.client_id
    join users co on co.id = b.coach_id
    left join players pl on pl.id = b.player_id`;

export function createBookingListReader(em: EntityManager): BookingListReader {
  const run = (sql: string, params: unknown[]) => em.getConnection().execute<Record<string, unknown>[]>(sql, params);
  const page = (rows: Record<string, unknown>[], limit: number): BookingListPage => {
    const items = rows.slice(0, limit).map(toItem);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > limit && last ? bookingCursorAfter(last) : null };
  };
  const keyset = (cursor: BookingListCursor | null, op: '<' | '>') => (cursor ? { sql: ` and (b.starts_at, b.id) ${op} (?, ?)`, params: [cursor.startsAt, cursor.id] } : { sql: '', params: [] });

  return {
    async myBookings({ viewerId, tab, now, cursor, limit }) {
      const cond = tabCondition(tab, now);
      // The keyset follows the tab's order: after the last card is later in Upcoming, earlier elsewhere.
      const soonest = myBookingsOrder(tab) === 'soonest_first';
      const after = keyset(cursor, soonest ? '>' : '<');
      const direction = soonest ? 'asc' : 'desc';
      const rows = await run(
        `${SELECT(true)}
          where (b.client_id = ? or (b.coach_id = ? and ${COACH_SEES_SQL})) and ${cond.sql}${after.sql}
          order by b.starts_at ${direction}, b.id ${direction}
          limit ?`,
        [viewerId, viewerId, viewerId, ...cond.params, ...after.params, limit + 1],
      );
      return page(rows, limit);
    },

    async coachDashboard({ coachId, group, cursor, limit }) {
      const after = keyset(cursor, '>');
      const rows = await run(
        `${SELECT(true)}
          where b.coach_id = ? and ${GROUP_CONDITIONS[group]}${after.sql}
          order by b.starts_at asc, b.id asc
          limit ?`,
        [coachId, coachId, ...after.params, limit + 1],
      );
      return page(rows, limit);
    },

    async coachDashboardHead({ coachId, now, limit }) {
      // One statement: the counts' single row, joined with the bookings needing an answer (none: one row of nulls).
      const rows = await run(
        `with counts as (
           select count(*) filter (where ${GROUP_CONDITIONS.pending}) as pending,
                  count(*) filter (where ${GROUP_CONDITIONS.upcoming}) as upcoming,
                  count(*) filter (where ${GROUP_CONDITIONS.history}) as history
             from bookings b where b.coach_id = ?),
         needs as (
           select * from (
             ${SELECT(true, `, ${NEEDS_RESPONSE_KIND_SQL} as x_kind`)}
              where b.coach_id = ? and b.status in ('pending', 'confirmed', 'in_session')) k
            where k.x_kind is not null)
         select counts.pending as x_count_pending, counts.upcoming as x_count_upcoming, counts.history as x_count_history,
                page.*
           from counts
           left join (select needs.*, count(*) over () as x_total from needs order by needs.starts_at asc, needs.id asc limit ?) page on true
          order by page.starts_at asc, page.id asc`,
        [coachId, coachId, now, coachId, limit],
      );
      const first = rows[0];
      const counts = { pending: Number(first?.x_count_pending ?? 0), upcoming: Number(first?.x_count_upcoming ?? 0), history: Number(first?.x_count_history ?? 0) };
      const found = rows.filter((r) => typeof r.x_kind === 'string');
      const items = found.map((r) => ({ ...toItem(r), kind: r.x_kind as NeedsResponseKind }));
      return { counts, needs: { items, total: Number(found[0]?.x_total ?? 0) } };
    },
  };
}
