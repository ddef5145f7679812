import type { AdministratorDirectory } from '../../../domain/admin/administrator-directory';
import type { Orm } from '../orm';
import { sqlOf } from './sql';

/** Whether any account holds the admin role (erased ones do not count). */
export function pgAdministratorDirectory(orm: Orm): AdministratorDirectory {
  const sql = sqlOf(orm);
  return {
    async hasAnyAdministrator() {
      const rows = await sql<{ found: boolean }>(`select exists (select 1 from users where role = 'admin' and erased_at is null) as found`);
      return Boolean(rows[0]?.found);
    },
  };
}
