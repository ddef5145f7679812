import type { ConversationBooking, ConversationListItem, ConversationReader, ConversationViewer, KeysetPage } from '../../../domain/messaging/conversation-reader';
import type { Message } from '../../../domain/messaging/message';
import { isId, type Id } from '../../../domain/shared/ids';
import { entityManagerOf, type EntityManagerSource } from '../lazy-fork';
import { decodeKeyset, encodeKeyset } from '../shared/keyset-cursor';
import { messageFromRow, type MessageRow } from './message-row';
import { COACH_SEES_SQL } from '../read-models/booking-lists';

/**
 * The Messages and Conversation read models, in SQL. Visibility is part of every query: a user
 * sees the bookings they are party to and, in them, the messages they sent or received; an admin
 * sees every booking and message. The list is one query (last message and unread count are
 * lateral subqueries over the messages_by_booking and messages_unread_by_receiver indexes),
 * keyset-paginated on (last activity, booking id).
 */

/** How much of the last message the list carries (it shows one line). */
const PREVIEW_CHARS = 160;

/**
 * The parties' names are scalar subqueries, not joins: the list sorts all of a person's
 * conversations by last activity, and joined names were looked up for every one of them before
 * the sort; as subqueries PostgreSQL looks them up after it, for the page's rows only (a coach
 * with 500 bookings: 5.6 → 3.4–3.9 ms, planning 0.7 → 0.5 ms).
 */
const BOOKING_COLUMNS = `
  b.id, b.reference_code, b.service_type, b.status, b.starts_at, b.client_id, b.coach_id,
  (select cu.full_name from users cu where cu.id = b.client_id) as client_name,
  (select co.full_name from users co where co.id = b.coach_id) as coach_name,
  (select json_build_object('firstName', p.first_name, 'lastName', p.last_name, 'dateOfBirth', to_char(p.date_of_birth, 'YYYY-MM-DD'), 'notes', p.notes)
     from players p where p.id = b.player_id) as player`;

/** An administrator, the client, or the coach once the request reached them (paid: decision 011). */
const VISIBLE_BOOKING = `(?::boolean or b.client_id = ?::uuid or (b.coach_id = ?::uuid and ${COACH_SEES_SQL}))`;
const VISIBLE_MESSAGE = `(?::boolean or m.sender_id = ?::uuid or m.receiver_id = ?::uuid)`;

interface BookingRow {
  id: string;
  reference_code: string;
  service_type: string;
  status: string;
  starts_at: string | Date;
  client_id: string;
  coach_id: string;
  client_name: string | null;
  coach_name: string | null;
  /** The player the session is for (decision 017), or null. */
  player: { firstName: string; lastName: string; dateOfBirth: string; notes: string | null } | null;
}

interface ListRow extends BookingRow {
  last_id: string | null;
  last_sender_id: string | null;
  last_receiver_id: string | null;
  last_content: string | null;
  last_created_at: string | Date | null;
  unread_count: number | string;
  activity_at: string | Date;
  cursor_at: string;
}

/** A message with its keyset position. */
interface PagedMessageRow extends MessageRow {
  cursor_at: string;
}

const visibility = (viewer: ConversationViewer) => [viewer.isAdmin, viewer.userId, viewer.userId];

function bookingFromRow(row: BookingRow): ConversationBooking {
  return {
    id: row.id,
    referenceCode: row.reference_code,
    serviceType: row.service_type,
    status: row.status,
    startsAt: new Date(row.starts_at),
    clientId: row.client_id,
    coachId: row.coach_id,
    client: { id: row.client_id, fullName: row.client_name },
    coach: { id: row.coach_id, fullName: row.coach_name },
    player: row.player ?? null,
  };
}

function listItemFromRow(row: ListRow): ConversationListItem {
  return {
    booking: bookingFromRow(row),
    lastMessage:
      row.last_id && row.last_sender_id && row.last_receiver_id && row.last_created_at
        ? {
            id: row.last_id,
            senderId: row.last_sender_id,
            receiverId: row.last_receiver_id,
            content: row.last_content ?? '',
            createdAt: new Date(row.last_created_at),
          }
        : null,
    lastActivityAt: new Date(row.activity_at),
    unreadCount: Number(row.unread_count),
  };
}

/** limit + 1 rows in, a page and the cursor of its last row out. */
function finish<R extends { id: string; cursor_at: string }, T>(rows: R[], limit: number, map: (row: R) => T): KeysetPage<T> {
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return { items: kept.map(map), next: rows.length > limit && last ? encodeKeyset({ at: last.cursor_at, id: last.id }) : null };
}

export function createConversationReader(source: EntityManagerSource): ConversationReader {
  const em = entityManagerOf(source);
  const query = <T extends object>(sql: string, params: unknown[]) => em().execute<T[]>(sql, params);

  return {
    async listConversations(viewer, page) {
      const cursor = decodeKeyset(page.cursor);
      const rows = await query<ListRow>(
        `select ${BOOKING_COLUMNS},
                lm.id as last_id, lm.sender_id as last_sender_id, lm.receiver_id as last_receiver_id,
                lm.content as last_content, lm.created_at as last_created_at,
                (select count(*) from messages u
                  where u.booking_id = b.id and u.receiver_id = ?::uuid and not u.is_read) as unread_count,
                act.at as activity_at, act.at::text as cursor_at
           from bookings b
           left join lateral (
             select m.id, m.sender_id, m.receiver_id, left(m.content, ${PREVIEW_CHARS}) as content, m.created_at
               from messages m
              where m.booking_id = b.id and ${VISIBLE_MESSAGE}
              order by m.created_at desc, m.id desc
              limit 1) lm on true
           cross join lateral (select greatest(b.created_at, lm.created_at) as at) act
          where ${VISIBLE_BOOKING}
            and (?::timestamptz is null or (act.at, b.id) < (?::timestamptz, ?::uuid))
          order by act.at desc, b.id desc
          limit ?`,
        [viewer.userId, ...visibility(viewer), ...visibility(viewer), cursor?.at ?? null, cursor?.at ?? null, cursor?.id ?? null, page.limit + 1],
      );
      return finish(rows, page.limit, listItemFromRow);
    },

    async findConversation(viewer, bookingId) {
      if (!isId(bookingId)) return null;
      const rows = await query<BookingRow>(
        `select ${BOOKING_COLUMNS}
           from bookings b
          where b.id = ?::uuid and ${VISIBLE_BOOKING}`,
        [bookingId, ...visibility(viewer)],
      );
      return rows[0] ? bookingFromRow(rows[0]) : null;
    },

    async listMessages(viewer, bookingId, page) {
      if (!isId(bookingId)) return { items: [], next: null };
      const cursor = decodeKeyset(page.cursor);
      const rows = await query<PagedMessageRow>(
        `select m.id, m.booking_id, m.sender_id, m.receiver_id, m.content, m.is_read, m.read_at, m.created_at,
                m.enquiry_id is not null as from_enquiry, m.created_at::text as cursor_at
           from messages m
           join bookings b on b.id = m.booking_id
          where m.booking_id = ?::uuid and ${VISIBLE_BOOKING} and ${VISIBLE_MESSAGE}
            and (?::timestamptz is null or (m.created_at, m.id) < (?::timestamptz, ?::uuid))
          order by m.created_at desc, m.id desc
          limit ?`,
        [bookingId, ...visibility(viewer), ...visibility(viewer), cursor?.at ?? null, cursor?.at ?? null, cursor?.id ?? null, page.limit + 1],
      );
      const newestFirst = finish(rows, page.limit, messageFromRow);
      return { items: newestFirst.items.reverse(), next: newestFirst.next };
    },

    async listUnreadFor(bookingId: Id, receiverId: Id): Promise<Message[]> {
      const rows = await query<PagedMessageRow>(
        `select id, booking_id, sender_id, receiver_id, content, is_read, read_at, created_at, created_at::text as cursor_at
           from messages where booking_id = ?::uuid and receiver_id = ?::uuid and not is_read
          order by created_at, id`,
        [bookingId, receiverId],
      );
      return rows.map(messageFromRow);
    },

    async countUnread(viewer) {
      const rows = await query<{ count: number | string }>('select count(*) as count from messages where receiver_id = ?::uuid and not is_read', [viewer.userId]);
      return Number(rows[0]?.count ?? 0);
    },
  };
}
