import { Migration } from '@mikro-orm/migrations';

/**
 * The audit page (decision 056) lists every entry newest first, keyset on (created_at, id), over
 * years of entries. audit_by_actor (the administrator filter) and audit_by_target (a booking or a
 * user) exist already.
 * - audit_created: the unfiltered list and the date range.
 * - audit_by_action: one kind of action, in page order.
 */
export class Migration20261203181000_audit_log_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index audit_created on audit_log (created_at desc, id desc);`);
    this.addSql(`create index audit_by_action on audit_log (action, created_at desc, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists audit_by_action;`);
    this.addSql(`drop index if exists audit_created;`);
  }
}
