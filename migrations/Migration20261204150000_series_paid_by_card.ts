import { Migration } from '@mikro-orm/migrations';

/**
 * A weekly series paid in full up front by card (decision 064). Until the coach answers, the
 * series holds one card payment (authorised, not captured) for every session and one admin fee.
 * When the coach accepts, the payment is captured for the sessions accepted and becomes a
 * purchase of its own (`package_purchases.series_id`, no offer) whose credits pay those
 * sessions, so release, transfers, refunds and chargebacks run as for a package.
 */
export class Migration20261204150000_series_paid_by_card extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table booking_series add column paid_by text not null default 'package' check (paid_by in ('package', 'card'));`);
    this.addSql(`alter table booking_series add column admin_fee_pence integer not null default 0 check (admin_fee_pence >= 0);`);
    this.addSql(`alter table booking_series add column payment_intent_id text unique;`);
    this.addSql(`alter table booking_series add column authorized_at timestamptz;`);
    this.addSql(`alter table booking_series add column settled_at timestamptz;`);
    this.addSql(
      `alter table booking_series add constraint booking_series_card_has_no_package check (paid_by = 'card' or (payment_intent_id is null and authorized_at is null and admin_fee_pence = 0));`,
    );
    this.addSql(`alter table booking_series add constraint booking_series_package_is_paid check (paid_by = 'card' or package_purchase_id is not null);`);

    this.addSql(`alter table package_purchases alter column offer_id drop not null;`);
    this.addSql(`alter table package_purchases add column series_id uuid unique references booking_series (id) on delete restrict;`);
    this.addSql(`alter table package_purchases add constraint package_purchases_offer_or_series check ((offer_id is null) <> (series_id is null));`);
    // A series may be accepted with a single session left of those asked for.
    this.addSql(`alter table package_purchases drop constraint package_purchases_sessions_check;`);
    this.addSql(`alter table package_purchases add constraint package_purchases_sessions_check check (sessions between 1 and 20 and (series_id is not null or sessions >= 2));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table package_purchases drop constraint if exists package_purchases_sessions_check;`);
    this.addSql(`alter table package_purchases add constraint package_purchases_sessions_check check (sessions between 2 and 20);`);
    this.addSql(`alter table package_purchases drop constraint if exists package_purchases_offer_or_series;`);
    this.addSql(`alter table package_purchases drop column if exists series_id;`);
    this.addSql(`alter table package_purchases alter column offer_id set not null;`);
    this.addSql(`alter table booking_series drop constraint if exists booking_series_package_is_paid;`);
    this.addSql(`alter table booking_series drop constraint if exists booking_series_card_has_no_package;`);
    for (const column of ['settled_at', 'authorized_at', 'payment_intent_id', 'admin_fee_pence', 'paid_by']) this.addSql(`alter table booking_series drop column if exists ${column};`);
  }
}
