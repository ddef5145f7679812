import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 19 §5 'Download my data': the export reads a person's reviews given and, for an
 * administrator, the audit lines they wrote, newest first with a hard bound. These two indexes
 * keep both reads to one person's rows (the reviews received and audit lines about a person
 * already have reviews_by_reviewee and audit_by_target).
 */
export class Migration20261125153000_data_export extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index reviews_by_reviewer on reviews (reviewer_id, created_at desc, id desc);`);
    this.addSql(`create index audit_by_actor on audit_log (actor_id, created_at desc, id desc) where actor_id is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists audit_by_actor;');
    this.addSql('drop index if exists reviews_by_reviewer;');
  }
}
