import { Migration } from '@mikro-orm/migrations';

/**
 * The coach's package sales on Earnings and in its CSV (issue 48): paid purchases of one coach,
 * newest sale first for the page and by sale date within a tax year for the CSV, keyset on
 * (paid_at, id). Unpaid checkouts hold no money and are never listed, so they stay out of the
 * index. package_purchases_by_coach orders by created_at (the checkout's start), which is not
 * when the sale was made.
 */
export class Migration20261204100000_earnings_package_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index package_purchases_paid_by_coach on package_purchases (coach_id, paid_at, id) where paid_at is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists package_purchases_paid_by_coach;`);
  }
}
