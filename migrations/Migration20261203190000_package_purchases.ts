import { Migration } from '@mikro-orm/migrations';

/**
 * Packages bought (decision 059). A purchase copies the offer's terms when the client starts
 * paying; it is paid once its card payment is captured (`paid_at`, and `valid_until` from it).
 * Each paid purchase has one credit per session, which moves available → booked → used →
 * released, or back to available, or to refunded or charged_back. A booking holds at most one
 * credit.
 */
export class Migration20261203190000_package_purchases extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table package_purchases (
        id uuid primary key,
        client_id uuid not null references users (id) on delete restrict,
        coach_id uuid not null references users (id) on delete restrict,
        offer_id uuid not null references package_offers (id) on delete restrict,
        title text check (char_length(title) between 1 and 60),
        sessions integer not null check (sessions between 2 and 20),
        duration_minutes integer not null check (duration_minutes in (30, 60, 90, 120)),
        total_price_pence integer not null check (total_price_pence > 0),
        admin_fee_pence integer not null check (admin_fee_pence >= 0),
        payment_intent_id text unique,
        paid_at timestamptz,
        valid_until timestamptz,
        admin_fee_refunded boolean not null default false,
        admin_fee_charged_back_pence integer not null default 0 check (admin_fee_charged_back_pence >= 0),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        version integer not null default 1,
        check (client_id <> coach_id),
        check ((paid_at is null) = (valid_until is null)),
        check (paid_at is null or payment_intent_id is not null),
        check (valid_until is null or valid_until > paid_at)
      );`);
    this.addSql(`create index package_purchases_by_client on package_purchases (client_id, created_at desc, id);`);
    this.addSql(`create index package_purchases_by_coach on package_purchases (coach_id, created_at desc, id);`);
    this.addSql(`create index package_purchases_expiring on package_purchases (valid_until) where paid_at is not null;`);
    this.addSql(`
      create table package_credits (
        purchase_id uuid not null references package_purchases (id) on delete cascade,
        position integer not null check (position between 0 and 19),
        state text not null check (state in ('available', 'booked', 'used', 'released', 'refunded', 'charged_back')),
        booking_id uuid references bookings (id) on delete restrict,
        released_at timestamptz,
        taken_pence integer not null default 0 check (taken_pence >= 0),
        reversed_pence integer not null default 0 check (reversed_pence >= 0),
        was_released boolean not null default false,
        primary key (purchase_id, position),
        check ((booking_id is not null) = (state in ('booked', 'used', 'released'))),
        check ((released_at is not null) = (state = 'released'))
      );`);
    this.addSql(`create unique index package_credits_one_per_booking on package_credits (booking_id) where booking_id is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists package_credits;`);
    this.addSql(`drop table if exists package_purchases;`);
  }
}
