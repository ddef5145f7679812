import { Migration } from '@mikro-orm/migrations';

/**
 * Notifications: what happened to each email job (sent, skipped by a preference, or
 * failed for good) so a job run twice never sends twice and the operator can see failures; and
 * which unread messages a digest email has already covered, so each is mailed at most once.
 */
export class Migration20261122001900_notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table notification_deliveries (
        job_id uuid primary key,
        event text not null,
        user_id uuid references users (id) on delete set null,
        status text not null check (status in ('sent', 'skipped', 'failed')),
        reason text,
        message_id text,
        subject text,
        error text,
        recorded_at timestamptz not null default now()
      );`);
    this.addSql(`create index notification_deliveries_failed on notification_deliveries (recorded_at desc) where status = 'failed';`);
    this.addSql(`create index notification_deliveries_by_user on notification_deliveries (user_id, recorded_at desc);`);
    this.addSql(`
      create table message_email_digests (
        message_id uuid primary key references messages (id) on delete cascade,
        receiver_id uuid not null references users (id) on delete cascade,
        digested_at timestamptz not null default now()
      );`);
    this.addSql(`create index messages_unread_by_created on messages (created_at) where not is_read;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists messages_unread_by_created;');
    this.addSql('drop table if exists message_email_digests;');
    this.addSql('drop table if exists notification_deliveries;');
  }
}
