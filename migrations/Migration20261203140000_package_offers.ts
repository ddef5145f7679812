import { Migration } from '@mikro-orm/migrations';

/**
 * The packages coaches offer (decision 058): N sessions of one length for one total price in whole
 * pounds, valid some weeks after purchase. The checks mirror the domain's rules; the three-on-sale
 * limit is the use case's (it locks the coach's offers while counting). Retired offers stay: a
 * purchase names the offer it came from, and copies its terms.
 */
export class Migration20261203140000_package_offers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table package_offers (
        id uuid primary key,
        coach_id uuid not null references users (id) on delete restrict,
        sessions integer not null check (sessions between 2 and 20),
        duration_minutes integer not null check (duration_minutes in (30, 60, 90, 120)),
        total_price_pence integer not null check (total_price_pence > 0 and total_price_pence % 100 = 0),
        validity_weeks integer not null check (validity_weeks between 4 and 52),
        title text check (char_length(title) between 1 and 60),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        retired_at timestamptz
      );`);
    this.addSql(`create index package_offers_on_sale on package_offers (coach_id, created_at, id) where retired_at is null;`);
    this.addSql(`create index package_offers_by_coach on package_offers (coach_id);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists package_offers;`);
  }
}
