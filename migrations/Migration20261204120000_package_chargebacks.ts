import { Migration } from '@mikro-orm/migrations';

/**
 * Card chargebacks on a package purchase's charge (decision 060): recorded like a booking's, and
 * when lost, applied once to the purchase's credits (`applied_at`). A credit also keeps what a
 * dispute gave back of its session's price (`refunded_pence`), so the ledger follows every penny.
 */
export class Migration20261204120000_package_chargebacks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table package_chargebacks (
        id text primary key,
        purchase_id uuid not null references package_purchases (id) on delete restrict,
        amount_pence integer not null check (amount_pence > 0),
        reason text not null,
        status text not null check (status in ('warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost', 'prevented')),
        opened_at timestamptz not null,
        closed_at timestamptz,
        applied_at timestamptz,
        uncovered_pence integer not null default 0 check (uncovered_pence >= 0)
      );`);
    this.addSql(`create index package_chargebacks_by_purchase on package_chargebacks (purchase_id);`);
    this.addSql(`alter table package_credits add column refunded_pence integer not null default 0 check (refunded_pence >= 0);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table package_credits drop column if exists refunded_pence;`);
    this.addSql(`drop table if exists package_chargebacks;`);
  }
}
