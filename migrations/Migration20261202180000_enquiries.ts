import { Migration } from '@mikro-orm/migrations';

/**
 * Enquiries: a conversation a client opens with a coach before any booking (decision 052).
 *
 * - enquiries: one row per client–coach conversation. While `booking_id` is null it is open, and
 *   a client holds at most one open enquiry with a coach (enquiries_open_per_pair), so later
 *   messages continue it. When a request of that client reaches that coach, the enquiry is joined
 *   to it: `booking_id` and `joined_at` are set together, and its messages take the booking's id.
 *   enquiries_by_client_opened answers the five-new-coaches-a-day count; the two *_activity
 *   indexes the Messages list of each party, newest first, and enquiries_open_activity an
 *   administrator's.
 * - messages.enquiry_id: the enquiry a message was written in. A message belongs to a booking, to
 *   an enquiry, or (once joined) to both; never to neither.
 * - enquiry_reports: a coach's report of an enquiry to the administrators, once per enquiry.
 */
export class Migration20261202180000_enquiries extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table enquiries (
        id uuid primary key,
        client_id uuid not null references users (id) on delete restrict,
        coach_id uuid not null references users (id) on delete restrict,
        booking_id uuid references bookings (id) on delete set null,
        created_at timestamptz not null,
        last_message_at timestamptz not null,
        joined_at timestamptz,
        constraint enquiries_two_people check (client_id <> coach_id),
        constraint enquiries_joined_together check (booking_id is null or joined_at is not null)
      );`);
    this.addSql(`create unique index enquiries_open_per_pair on enquiries (client_id, coach_id) where joined_at is null;`);
    this.addSql(`create index enquiries_by_client_opened on enquiries (client_id, created_at);`);
    this.addSql(`create index enquiries_client_activity on enquiries (client_id, last_message_at desc, id desc) where joined_at is null;`);
    this.addSql(`create index enquiries_coach_activity on enquiries (coach_id, last_message_at desc, id desc) where joined_at is null;`);
    this.addSql(`create index enquiries_open_activity on enquiries (last_message_at desc, id desc) where joined_at is null;`);
    this.addSql(`create index enquiries_by_booking on enquiries (booking_id) where booking_id is not null;`);
    // Erasing a coach finds every enquiry of theirs, joined ones too.
    this.addSql(`create index enquiries_by_coach on enquiries (coach_id);`);

    this.addSql(`alter table messages alter column booking_id drop not null;`);
    this.addSql(`alter table messages add column enquiry_id uuid references enquiries (id) on delete cascade;`);
    this.addSql(`alter table messages add constraint messages_belong_to_a_conversation check (booking_id is not null or enquiry_id is not null);`);
    this.addSql(`create index messages_by_enquiry on messages (enquiry_id, created_at, id) where enquiry_id is not null;`);
    this.addSql(`create index messages_unread_by_receiver_enquiry on messages (receiver_id, enquiry_id) where not is_read and booking_id is null;`);

    this.addSql(`
      create table enquiry_reports (
        id uuid primary key,
        enquiry_id uuid not null references enquiries (id) on delete cascade,
        reporter_id uuid not null references users (id) on delete restrict,
        reason text not null check (char_length(reason) between 1 and 1000),
        created_at timestamptz not null,
        constraint enquiry_reports_once unique (enquiry_id, reporter_id)
      );`);
    this.addSql(`create index enquiry_reports_newest on enquiry_reports (created_at desc, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists enquiry_reports;`);
    this.addSql(`delete from messages where booking_id is null;`);
    this.addSql(`alter table messages drop constraint if exists messages_belong_to_a_conversation;`);
    this.addSql(`alter table messages drop column if exists enquiry_id;`);
    this.addSql(`alter table messages alter column booking_id set not null;`);
    this.addSql(`drop table if exists enquiries;`);
  }
}
