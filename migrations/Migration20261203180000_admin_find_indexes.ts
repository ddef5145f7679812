import { Migration } from '@mikro-orm/migrations';

/**
 * AdminBookings finds bookings by a party's name or email, by payment state and by the date they
 * were booked, always newest booked first, keyset on (created_at, id) (decision 056).
 * - bookings_client_created / bookings_coach_created: the bookings of the accounts a party search
 *   matched (users_full_name_trgm / users_email_trgm), read in page order per account, so a party
 *   with thousands of bookings costs a page, not its whole history.
 * - bookings_by_payment: the payment-state filter, in page order like bookings_by_status.
 * The date range is a range of bookings_by_created (or of the other three's created_at column).
 */
export class Migration20261203180000_admin_find_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index bookings_client_created on bookings (client_id, created_at desc, id desc);`);
    this.addSql(`create index bookings_coach_created on bookings (coach_id, created_at desc, id desc);`);
    this.addSql(`create index bookings_by_payment on bookings (payment_status, created_at desc, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists bookings_by_payment;`);
    this.addSql(`drop index if exists bookings_coach_created;`);
    this.addSql(`drop index if exists bookings_client_created;`);
  }
}
