import type { ConversationViewer } from '../../../domain/messaging/conversation-reader';
import type { EnquiryConversation, EnquiryListItem, EnquiryReader, EnquiryReportItem } from '../../../domain/messaging/enquiry-reader';
import { isId } from '../../../domain/shared/ids';
import { entityManagerOf, type EntityManagerSource } from '../lazy-fork';
import { enquiryMessageFromRow, type EnquiryMessageRow } from './enquiry.repository';

/**
 * The enquiry read models, in SQL. Visibility is part of every query: the client and the coach
 * of an enquiry see it, an administrator sees every one. Names only, never an email or a phone
 * (PRODUCT.md 'Who sees what').
 */
const PREVIEW_CHARS = 160;

const PEOPLE = `
  (select u.full_name from users u where u.id = e.client_id) as client_name,
  (select u.full_name from users u where u.id = e.coach_id) as coach_name`;

const VISIBLE = `(?::boolean or e.client_id = ?::uuid or e.coach_id = ?::uuid)`;
const visibility = (viewer: ConversationViewer) => [viewer.isAdmin, viewer.userId, viewer.userId];

interface PeopleRow {
  id: string;
  client_id: string;
  coach_id: string;
  client_name: string | null;
  coach_name: string | null;
}

interface ListRow extends PeopleRow {
  last_id: string | null;
  last_sender_id: string | null;
  last_receiver_id: string | null;
  last_content: string | null;
  last_created_at: Date | string | null;
  last_message_at: Date | string;
  unread_count: number | string;
}

interface FindRow extends PeopleRow {
  booking_id: string | null;
  reported: boolean;
}

interface ReportRow extends PeopleRow {
  report_id: string;
  reason: string;
  created_at: Date | string;
}

const people = (row: PeopleRow) => ({
  id: row.id,
  clientId: row.client_id,
  coachId: row.coach_id,
  client: { id: row.client_id, fullName: row.client_name },
  coach: { id: row.coach_id, fullName: row.coach_name },
});

export function createEnquiryReader(source: EntityManagerSource): EnquiryReader {
  const em = entityManagerOf(source);
  const query = <T extends object>(sql: string, params: unknown[]) => em().execute<T[]>(sql, params);

  return {
    async listOpen(viewer, limit) {
      // A party's list walks their *_activity index; an administrator's, every open enquiry.
      const rows = await query<ListRow>(
        `select e.id, e.client_id, e.coach_id, e.last_message_at, ${PEOPLE},
                lm.id as last_id, lm.sender_id as last_sender_id, lm.receiver_id as last_receiver_id,
                lm.content as last_content, lm.created_at as last_created_at,
                (select count(*) from messages u
                  where u.enquiry_id = e.id and u.booking_id is null and u.receiver_id = ?::uuid and not u.is_read) as unread_count
           from enquiries e
           left join lateral (
             select m.id, m.sender_id, m.receiver_id, left(m.content, ${PREVIEW_CHARS}) as content, m.created_at
               from messages m
              where m.enquiry_id = e.id and m.booking_id is null
              order by m.created_at desc, m.id desc
              limit 1) lm on true
          where e.joined_at is null and ${VISIBLE}
          order by e.last_message_at desc, e.id desc
          limit ?`,
        [viewer.userId, ...visibility(viewer), limit],
      );
      return rows.map((row): EnquiryListItem => ({
        ...people(row),
        lastMessage:
          row.last_id && row.last_sender_id && row.last_receiver_id && row.last_created_at
            ? { id: row.last_id, senderId: row.last_sender_id, receiverId: row.last_receiver_id, content: row.last_content ?? '', createdAt: new Date(row.last_created_at) }
            : null,
        lastActivityAt: new Date(row.last_message_at),
        unreadCount: Number(row.unread_count),
      }));
    },

    async find(viewer, enquiryId) {
      if (!isId(enquiryId)) return null;
      const rows = await query<FindRow>(
        `select e.id, e.client_id, e.coach_id, e.booking_id, ${PEOPLE},
                exists (select 1 from enquiry_reports r where r.enquiry_id = e.id and r.reporter_id = e.coach_id) as reported
           from enquiries e
          where e.id = ?::uuid and ${VISIBLE}`,
        [enquiryId, ...visibility(viewer)],
      );
      const row = rows[0];
      return row ? ({ ...people(row), bookingId: row.booking_id, reported: row.reported } satisfies EnquiryConversation) : null;
    },

    async listMessages(viewer, enquiryId, limit) {
      if (!isId(enquiryId)) return [];
      const rows = await query<EnquiryMessageRow>(
        `select * from (
           select m.id, m.enquiry_id, m.sender_id, m.receiver_id, m.content, m.is_read, m.read_at, m.created_at
             from messages m
             join enquiries e on e.id = m.enquiry_id
            where m.enquiry_id = ?::uuid and m.booking_id is null and ${VISIBLE}
            order by m.created_at desc, m.id desc
            limit ?) newest
         order by created_at, id`,
        [enquiryId, ...visibility(viewer), limit],
      );
      return rows.map(enquiryMessageFromRow);
    },

    async listReports(limit) {
      const rows = await query<ReportRow>(
        `select e.id, e.client_id, e.coach_id, ${PEOPLE}, r.id as report_id, r.reason, r.created_at
           from enquiry_reports r
           join enquiries e on e.id = r.enquiry_id
          order by r.created_at desc, r.id desc
          limit ?`,
        [limit],
      );
      return rows.map((row): EnquiryReportItem => ({
        id: row.report_id,
        enquiryId: row.id,
        client: { id: row.client_id, fullName: row.client_name },
        coach: { id: row.coach_id, fullName: row.coach_name },
        reason: row.reason,
        createdAt: new Date(row.created_at),
      }));
    },
  };
}
