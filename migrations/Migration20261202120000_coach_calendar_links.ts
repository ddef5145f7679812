import { Migration } from '@mikro-orm/migrations';

/**
 * A coach's own calendar, linked by its secret ICS address (PRODUCT.md 'Availability').
 * - coach_calendar_links: one per coach. The address is kept only as AES-256-GCM ciphertext
 *   (url_ciphertext) and a hint to show back (host and last characters). etag / last_modified
 *   make the next fetch conditional; last_attempt_at drives the worker's due batch; sync_lease_*
 *   keep two syncs of one coach from running at once; sync_requested_at is a sync asked for
 *   (linking, 'Sync now') and not yet done; last_error is the reason the last attempt failed.
 * - coach_calendar_busy: the busy spans of the last good copy, replaced whole by each successful sync.
 */
export class Migration20261202120000_coach_calendar_links extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table coach_calendar_links (
        coach_id uuid primary key references users (id) on delete cascade,
        url_ciphertext text not null,
        url_hint text not null,
        etag text,
        last_modified text,
        last_attempt_at timestamptz,
        last_synced_at timestamptz,
        last_error text,
        sync_requested_at timestamptz,
        sync_lease_token uuid,
        sync_lease_until timestamptz,
        busy_count integer not null default 0,
        busy_truncated boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint coach_calendar_links_ciphertext_shape check (url_ciphertext ~ '^v1\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$'),
        constraint coach_calendar_links_hint_length check (char_length(url_hint) between 1 and 300),
        constraint coach_calendar_links_etag_length check (etag is null or char_length(etag) <= 512),
        constraint coach_calendar_links_last_modified_length check (last_modified is null or char_length(last_modified) <= 100),
        constraint coach_calendar_links_error_length check (last_error is null or char_length(last_error) between 1 and 500),
        constraint coach_calendar_links_lease_pair check ((sync_lease_token is null) = (sync_lease_until is null)),
        constraint coach_calendar_links_busy_count check (busy_count >= 0)
      );`);
    this.addSql(`create index coach_calendar_links_due on coach_calendar_links (last_attempt_at nulls first);`);
    this.addSql(`
      create table coach_calendar_busy (
        coach_id uuid not null references coach_calendar_links (coach_id) on delete cascade,
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        constraint coach_calendar_busy_order check (ends_at > starts_at)
      );`);
    this.addSql(`create index coach_calendar_busy_by_coach on coach_calendar_busy (coach_id, starts_at);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists coach_calendar_busy;`);
    this.addSql(`drop table if exists coach_calendar_links;`);
  }
}
