import { Migration } from '@mikro-orm/migrations';

/**
 * Session reminders (decision 013). The sweep that queues reminders shortly before
 * their moment reads confirmed sessions by start time; this partial index serves it (two small
 * range scans every 5 minutes). The check at send time reads a booking by its primary key, and
 * the jobs themselves wait in the outbox on the existing `outbox_due` and `outbox_dedupe` indexes.
 */
export class Migration20261125130000_reminders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index bookings_confirmed_by_start on bookings (starts_at) where status = 'confirmed';`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists bookings_confirmed_by_start;');
  }
}
