import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 11 (performance): FindCoaches counts every listed coach ('Found N coaches') on each
 * unfiltered page. Without these the count is a sequential scan of users (clients and all) hashed
 * against coach_profiles; with them it is a merge join of two index-only scans of ids, about ten
 * times cheaper at 20 000 coaches (test/integration/performance/explain.test.ts checks the plan).
 */
const INDEXES: readonly [name: string, definition: string][] = [
  ['users_listed_coach_ids', `on users (id) where user_type = 'coach' and is_active and erased_at is null`],
  ['coach_profiles_listed_ids', 'on coach_profiles (user_id) where is_listed'],
];

export class Migration20261122010000_search_count_indexes extends Migration {
  override async up(): Promise<void> {
    for (const [name, definition] of INDEXES) this.addSql(`create index ${name} ${definition};`);
  }

  override async down(): Promise<void> {
    for (const [name] of [...INDEXES].reverse()) this.addSql(`drop index if exists ${name};`);
  }
}
