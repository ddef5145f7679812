import type { EntityManager } from '@mikro-orm/postgresql';
import { FEED_STATUSES, parseFeedBooking } from '../../../domain/notifications/calendar-feed';
import { parseEmailPreferences } from '../../../domain/accounts/users/email-preferences';
import type { CalendarFeedOwner, CalendarFeedStore, StoredCalendarFeed } from '../../../domain/notifications/calendar-feed-ports';
import { isId } from '../../../domain/shared/ids';
import type { Orm } from '../orm';
import { rebuild, StoredDataError } from '../shared/stored-data';

interface FeedRow {
  user_id: string;
  created_at: Date;
  last_used_at: Date | null;
}

interface OwnerRow extends FeedRow {
  is_active: boolean;
  erased_at: Date | null;
  role: string;
  email_preferences: unknown;
}

interface SessionRow {
  id: string;
  referenceCode: string;
  serviceType: string;
  startsAt: Date;
  durationMinutes: number;
  locationType: string;
  locationAddress: string | null;
  clientId: string;
  coachId: string;
  status: string;
  declined: boolean;
  paymentStatus: string;
  version: number;
  updatedAt: Date;
  clientName: string | null;
  coachName: string | null;
}

const HASH = /^[0-9a-f]{64}$/;
/** Constant (never user input): the statuses the partial indexes bookings_calendar_by_client/_by_coach cover. */
const STATUS_LIST = FEED_STATUSES.map((s) => `'${s}'`).join(', ');

function feedOf(row: FeedRow): StoredCalendarFeed {
  const createdAt = new Date(row.created_at);
  if (!isId(row.user_id) || Number.isNaN(createdAt.getTime())) throw new StoredDataError('calendar_feeds', String(row.user_id), 'invalid row');
  return { userId: row.user_id, createdAt, lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null };
}

/**
 * calendar_feeds and the feed's read of bookings (decision 014). Each call is one statement on a
 * fresh fork, outside any transaction: replacing a token is a single upsert, so two resets at once
 * leave exactly one valid token (the last), never two.
 */
export function createCalendarFeedStore(orm: Orm): CalendarFeedStore {
  const sql = <T extends object[]>(query: string, params: unknown[] = []) => (orm.em.fork() as EntityManager).getConnection().execute<T>(query, params);
  return {
    async find(userId) {
      if (!isId(userId)) return null;
      const [row] = await sql<FeedRow[]>(`select user_id, created_at, last_used_at from calendar_feeds where user_id = ?`, [userId]);
      return row ? feedOf(row) : null;
    },

    async replace(userId, tokenHash, now) {
      if (!HASH.test(tokenHash)) throw new Error('calendar feed token hash must be SHA-256 hex');
      const [row] = await sql<FeedRow[]>(
        `insert into calendar_feeds (user_id, token_hash, created_at, last_used_at) values (?, ?, ?, null)
         on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = excluded.created_at, last_used_at = null
         returning user_id, created_at, last_used_at`,
        [userId, tokenHash, now],
      );
      return feedOf(row!);
    },

    async remove(userId) {
      if (!isId(userId)) return false;
      const rows = await sql<{ user_id: string }[]>(`delete from calendar_feeds where user_id = ? returning user_id`, [userId]);
      return rows.length > 0;
    },

    async ownerOf(tokenHash) {
      if (!HASH.test(tokenHash)) return null;
      const [row] = await sql<OwnerRow[]>(
        `select f.user_id, f.created_at, f.last_used_at, u.is_active, u.erased_at, u.role, u.email_preferences
           from calendar_feeds f join users u on u.id = f.user_id
          where f.token_hash = ?`,
        [tokenHash],
      );
      if (!row) return null;
      const owner: CalendarFeedOwner = {
        ...feedOf(row),
        isActive: row.is_active === true,
        erased: row.erased_at !== null,
        role: row.role === 'admin' ? 'admin' : 'user',
        // Read with the owner, in the same statement: it decides whether the events carry alarms.
        sessionReminders: parseEmailPreferences(row.email_preferences).session_reminders,
      };
      return owner;
    },

    async markUsed(userId, now) {
      await sql(`update calendar_feeds set last_used_at = ? where user_id = ?`, [now, userId]);
    },

    async sessionsOf(userId, window, limit) {
      if (!isId(userId)) return [];
      // Two bounded range scans (as client, as coach) on the partial indexes, then the names.
      const rows = await sql<SessionRow[]>(
        `with mine as (
           (select id from bookings where client_id = ? and status in (${STATUS_LIST}) and starts_at >= ? and starts_at < ? order by starts_at, id limit ?)
           union
           (select id from bookings where coach_id = ? and status in (${STATUS_LIST}) and starts_at >= ? and starts_at < ? order by starts_at, id limit ?)
         )
         select b.id, b.reference_code as "referenceCode", b.service_type as "serviceType", b.starts_at as "startsAt",
                b.duration_minutes as "durationMinutes", b.location_type as "locationType", b.location_address as "locationAddress",
                b.client_id as "clientId", b.coach_id as "coachId", b.status, b.declined, b.payment_status as "paymentStatus",
                b.version, b.updated_at as "updatedAt", c.full_name as "clientName", k.full_name as "coachName"
           from mine m
           join bookings b on b.id = m.id
           join users c on c.id = b.client_id
           join users k on k.id = b.coach_id
          order by b.starts_at, b.id
          limit ?`,
        [userId, window.from, window.to, limit, userId, window.from, window.to, limit, limit],
      );
      return rows.map((row) => rebuild('bookings', parseFeedBooking, row));
    },
  };
}
