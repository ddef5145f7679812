import { Migration } from '@mikro-orm/migrations';

/**
 * AdminUsers lists accounts newest first, keyset on (created_at, id). Only the coaches' filter had
 * an index in that order (users_type_created); 'All', the page's default, and 'Clients' read and
 * sorted every account: 44–50 ms of PostgreSQL per page at 40 000 accounts, and linear beyond.
 * - users_created: 'All'.
 * - users_clients_created: 'Clients' (role 'user', type client or the legacy 'user'), partial, with
 *   the filter's own predicate so the planner can prove it applies.
 */
export class Migration20261127170000_admin_user_list_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index users_created on users (created_at desc, id desc);`);
    this.addSql(`create index users_clients_created on users (created_at desc, id desc) where role = 'user' and user_type in ('client', 'user');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists users_clients_created;`);
    this.addSql(`drop index if exists users_created;`);
  }
}
