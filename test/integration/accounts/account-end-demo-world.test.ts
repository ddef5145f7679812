import { beforeAll, expect, it, vi } from 'vitest';
import { seedDemoIfEmpty } from '../../../adapters/seed/seed-demo';
import { DEMO_ADMIN, DEMO_CLIENTS } from '../../../adapters/seed/seed-world-data';
import { decideDeletionRequest } from '../../../domain/accounts/erasure/use-cases/decide-deletion-request';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { runJobs } from '../payments/money-helpers';

/**
 * The report behind decision 016, on the demo world: approving Leo Harris's deletion request left
 * two sessions 'confirmed' and a request 'pending' for his coach under 'Deleted user', and his name
 * in email subjects. Now nothing of his stays open and nothing names him.
 */
vi.setConfig({ testTimeout: 180_000 });
const ctx = useTestApp();

beforeAll(async () => {
  await seedDemoIfEmpty(ctx.app);
}, 180_000);

it("approving Leo Harris's deletion on the demo world settles his bookings and leaves his name nowhere", async () => {
  const leo = DEMO_CLIENTS.find((c) => c.key === 'leo')!;
  const [user] = await ctx.db.query<{ id: string }>(`select id from users where email = $1`, [leo.email]);
  const [request] = await ctx.db.query<{ id: string }>(`select id from account_deletion_requests where user_id = $1 and status = 'pending'`, [user!.id]);
  const [admin] = await ctx.db.query<{ id: string }>(`select id from users where email = $1`, [DEMO_ADMIN.email]);
  const decided = unwrap(await decideDeletionRequest(ctx.app.deps(), { actor: { userId: admin!.id, role: 'admin', userType: 'client' }, form: { requestId: request!.id, decision: 'approved' } }));
  await runJobs(ctx.app);

  const future = await ctx.db.query<{ status: string; n: number }>(
    `select status, count(*)::int as n from bookings where client_id = $1 and (status = 'pending' or (status = 'confirmed' and starts_at > now())) group by status`,
    [user!.id],
  );
  expect(future).toEqual([]);
  // His session with Dan is under way: left for an administrator, and listed.
  expect(decided.settlement.leftForAdministrator.map((l) => [l.status, l.why])).toEqual([['in_session', 'in_session']]);

  const columns = await ctx.db.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and (c.data_type in ('text', 'character varying', 'jsonb', 'json') or c.udt_name in ('_text', '_varchar'))`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns)
    for (const needle of [leo.fullName, leo.email, leo.phone]) {
      const [hit] = await ctx.db.query<{ n: number }>(`select count(*)::int as n from "${table_name}" where "${column_name}"::text ilike $1`, [`%${needle}%`]);
      if (hit!.n > 0) found.push(`${table_name}.${column_name}: ${needle}`);
    }
  expect(found).toEqual([]);
});
