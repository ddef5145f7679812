import { Migration } from '@mikro-orm/migrations';

/**
 * Booking references numbered per London day (decision 039).
 * - booking_reference_days: one row per London day, how many numbers the day has given; a
 *   request takes the next with one upsert, so concurrent requests never share one.
 * - bookings_reference_format: a suffix may be longer than four characters, for the numbers past
 *   the day's first 36^4 (the domain's REFERENCE_CODE_PATTERN, up to ten).
 */
export class Migration20261201160000_reference_numbers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table booking_reference_days (
        day date primary key,
        taken bigint not null check (taken > 0)
      );`);
    this.addSql(`alter table bookings drop constraint bookings_reference_format;`);
    this.addSql(`alter table bookings add constraint bookings_reference_format check (reference_code ~ '^FACT-[0-9]{8}-[A-Z0-9]{4,10}$');`);
  }

  override async down(): Promise<void> {
    // Bookings with a longer suffix may exist by now: the old shape binds new rows only.
    this.addSql(`alter table bookings drop constraint bookings_reference_format;`);
    this.addSql(`alter table bookings add constraint bookings_reference_format check (reference_code ~ '^FACT-[0-9]{8}-[A-Z0-9]{4}$') not valid;`);
    this.addSql(`drop table if exists booking_reference_days;`);
  }
}
