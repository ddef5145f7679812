import { Migration } from '@mikro-orm/migrations';

/**
 * The package ledger check (adapters/persistence/admin/package-ledger-checks.ts) sums the offline
 * test gateway's transfers per purchase's card payment. Without an index each purchase read every
 * transfer: 20 000 purchases over 120 000 transfers took 300 s; with it, one lookup each (~0.003 ms).
 * The table holds rows only where the offline gateway is used, so Stripe deployments pay nothing.
 */
export class Migration20261204110000_package_ledger_check_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index test_gateway_transfers_by_source on test_gateway_transfers (source_intent_id);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists test_gateway_transfers_by_source;`);
  }
}
