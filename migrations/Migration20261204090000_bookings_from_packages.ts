import { Migration } from '@mikro-orm/migrations';

/**
 * A session booked from a package (decision 060) names its purchase. It has no card payment of
 * its own: its credit's price was captured with the purchase, so it never carries an intent.
 */
export class Migration20261204090000_bookings_from_packages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table bookings add column package_purchase_id uuid references package_purchases (id) on delete restrict;`);
    this.addSql(`alter table bookings add constraint bookings_package_has_no_intent check (package_purchase_id is null or payment_intent_id is null);`);
    // A credit is held before its booking is inserted, in the same transaction: the key is checked at commit.
    this.addSql(`alter table package_credits alter constraint package_credits_booking_id_fkey deferrable initially deferred;`);
    this.addSql(`create index bookings_by_package on bookings (package_purchase_id, starts_at) where package_purchase_id is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists bookings_by_package;`);
    this.addSql(`alter table package_credits alter constraint package_credits_booking_id_fkey not deferrable;`);
    this.addSql(`alter table bookings drop constraint if exists bookings_package_has_no_intent;`);
    this.addSql(`alter table bookings drop column if exists package_purchase_id;`);
  }
}
