import { Migration } from '@mikro-orm/migrations';

/**
 * Decision 050: a paid request expires at the earlier of 6 days after its authorisation and the
 * session's start, because a card hold with manual capture lapses after about 7 days.
 * - bookings.authorized_at: when the hold was recorded. Requests already authorised are given
 *   their creation time, the earliest their hold can have been made: their deadline can only come
 *   early, never after the hold has lapsed.
 * - bookings_pending_by_authorised: the scheduled expiry (`listExpiredRequests`: pending, and
 *   started or authorised 6 days ago) reads the second branch of its condition through it, as it
 *   reads the first through bookings_pending_by_start (migration 20261122000001), instead of
 *   scanning every booking.
 */
export class Migration20261202160000_request_deadlines extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table bookings add column authorized_at timestamptz null;`);
    this.addSql(`update bookings set authorized_at = created_at where amount_authorized_pence > 0;`);
    this.addSql(`create index bookings_pending_by_authorised on bookings (authorized_at, id) where status = 'pending' and authorized_at is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists bookings_pending_by_authorised;');
    this.addSql('alter table bookings drop column if exists authorized_at;');
  }
}
