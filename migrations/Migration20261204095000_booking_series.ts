import { Migration } from '@mikro-orm/migrations';

/**
 * Weekly series (decision 062): the same slot for 2–12 weeks, asked for in one request and
 * answered in one decision. Each session is its own booking with its own reference, naming its
 * series; the series row says who asked and how it is paid.
 */
export class Migration20261204095000_booking_series extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table booking_series (
        id uuid primary key,
        client_id uuid not null references users (id) on delete restrict,
        coach_id uuid not null references users (id) on delete restrict,
        package_purchase_id uuid references package_purchases (id) on delete restrict,
        sessions integer not null check (sessions between 2 and 12),
        created_at timestamptz not null default now(),
        check (client_id <> coach_id)
      );`);
    this.addSql(`alter table bookings add column series_id uuid references booking_series (id) on delete restrict;`);
    this.addSql(`create index bookings_by_series on bookings (series_id, starts_at) where series_id is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table bookings drop column if exists series_id;`);
    this.addSql(`drop table if exists booking_series;`);
  }
}
