import { Migration } from '@mikro-orm/migrations';

/**
 * DataDiagnostic's money and erasure checks (decision 056). Each index's predicate is the check's
 * own condition, so it holds exactly the rows that fail: empty on a healthy database, costing a
 * booking or account write only the test of the predicate, and the check reads nothing else
 * however many bookings or accounts there are.
 * - bookings_completed_uncaptured: a completed, priced session whose payment was never captured.
 * - bookings_released_uncaptured: money marked released with nothing captured.
 * - bookings_refund_over_capture: more refunded than captured (the table's check forbids it today;
 *   the index keeps the diagnostic cheap should a restore or a migration ever drop that check).
 * - users_erased_with_identity: an erased account whose email or name is not the erased one.
 */
export class Migration20261203182000_diagnostic_check_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index bookings_completed_uncaptured on bookings (created_at desc, id desc)
         where status = 'completed' and total_price_pence > 0 and payment_status in ('pending', 'authorized', 'failed', 'voided');`,
    );
    this.addSql(`create index bookings_released_uncaptured on bookings (created_at desc, id desc) where payment_status = 'released' and amount_captured_pence = 0;`);
    this.addSql(`create index bookings_refund_over_capture on bookings (created_at desc, id desc) where amount_refunded_pence > amount_captured_pence;`);
    this.addSql(
      `create index users_erased_with_identity on users (created_at desc, id desc)
         where erased_at is not null and (email <> ('deleted-' || id::text || '@erased.invalid') or full_name is distinct from 'Deleted user');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists users_erased_with_identity;`);
    this.addSql(`drop index if exists bookings_refund_over_capture;`);
    this.addSql(`drop index if exists bookings_released_uncaptured;`);
    this.addSql(`drop index if exists bookings_completed_uncaptured;`);
  }
}
