import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 19 §3 (decision 014): a personal calendar feed.
 * - calendar_feeds: at most one feed per user; only the SHA-256 of the secret token is kept (hex),
 *   so a copy of the database does not open anyone's calendar. 'Reset link' replaces the hash,
 *   'Turn off' deletes the row; erasing or deleting the user deletes it too.
 * - bookings_calendar_by_client / _by_coach: the feed reads one person's sessions in a window of
 *   start times (90 days back, a year ahead) ordered by start, id — two bounded index range scans
 *   that skip pending requests, which never appear in a calendar.
 */
export class Migration20261125140000_calendar_feeds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table calendar_feeds (
        user_id uuid primary key references users (id) on delete cascade,
        token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
        created_at timestamptz not null default now(),
        last_used_at timestamptz,
        constraint calendar_feeds_token_hash_unique unique (token_hash)
      );`);
    this.addSql(`create index bookings_calendar_by_client on bookings (client_id, starts_at, id) where status in ('confirmed', 'in_session', 'completed', 'disputed', 'cancelled');`);
    this.addSql(`create index bookings_calendar_by_coach on bookings (coach_id, starts_at, id) where status in ('confirmed', 'in_session', 'completed', 'disputed', 'cancelled');`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists bookings_calendar_by_coach;');
    this.addSql('drop index if exists bookings_calendar_by_client;');
    this.addSql('drop table if exists calendar_feeds;');
  }
}
