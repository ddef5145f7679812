import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes behind the repository queries the first schema did not cover: the scheduler's due
 * lists (release of partially refunded payments, expired requests), a user's messages (sender or
 * receiver, newest first), the admin message list, a coach's client reviews, a user's deletion
 * requests, and the outbox worker's reclaim and clean-up scans.
 */
const INDEXES: readonly [name: string, definition: string][] = [
  ['bookings_release_due_v2', `on bookings (payment_held_until) where payment_status in ('captured', 'partially_refunded') and payment_released_at is null`],
  ['bookings_pending_by_start', `on bookings (starts_at) where status = 'pending'`],
  ['messages_by_sender', 'on messages (sender_id, created_at desc, id desc)'],
  ['messages_by_receiver', 'on messages (receiver_id, created_at desc, id desc)'],
  ['messages_by_created', 'on messages (created_at desc, id desc)'],
  ['reviews_by_coach_from_clients', `on reviews (coach_id, created_at desc, id desc) where reviewer_type = 'client'`],
  ['deletion_by_user', 'on account_deletion_requests (user_id, requested_at desc)'],
  ['outbox_running', `on outbox_jobs (locked_at) where status = 'running'`],
  ['outbox_done', `on outbox_jobs (done_at) where status = 'done'`],
];

export class Migration20261122000001_persistence_indexes extends Migration {
  override async up(): Promise<void> {
    // Superseded by bookings_release_due_v2, which also covers partially refunded payments.
    this.addSql('drop index if exists bookings_release_due;');
    for (const [name, definition] of INDEXES) this.addSql(`create index ${name} ${definition};`);
  }

  override async down(): Promise<void> {
    for (const [name] of [...INDEXES].reverse()) this.addSql(`drop index if exists ${name};`);
    this.addSql(`create index bookings_release_due on bookings (payment_held_until) where payment_status = 'captured' and payment_released_at is null;`);
  }
}
