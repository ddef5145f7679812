import { describe, expect, it } from 'vitest';
import { decideDeletionRequest } from '../../../domain/accounts/erasure/use-cases/decide-deletion-request';
import { requestDeletion } from '../../../domain/accounts/erasure/use-cases/request-deletion';
import { unwrap } from '../../../domain/shared/result';
import { useTestApp } from '../../support/app';
import { insertUser } from './fixtures';

const ctx = useTestApp();

describe('deletion requests under concurrency', () => {
  it('lets exactly one of two admins deciding the same request at once win, and tells the other', async () => {
    const [alice, bob] = [await insertUser(ctx.db, 'admin'), await insertUser(ctx.db, 'admin')];
    for (let round = 0; round < 10; round++) {
      const person = await insertUser(ctx.db, round % 2 ? 'coach' : 'client');
      const request = unwrap(await requestDeletion(ctx.app.deps(), { actor: person.actor, form: { reason: 'Moving abroad' } }));
      const [approve, reject] = await Promise.all([
        decideDeletionRequest(ctx.app.deps(), { actor: alice.actor, form: { requestId: request.id, decision: 'approved', reason: 'As asked' } }),
        decideDeletionRequest(ctx.app.deps(), { actor: bob.actor, form: { requestId: request.id, decision: 'rejected', reason: 'Open bookings' } }),
      ]);
      const winners = [approve, reject].filter((r) => r.ok);
      expect(winners, `round ${round}`).toHaveLength(1);
      const loser = approve.ok ? reject : approve;
      expect(loser.ok ? null : loser.error.kind).toBe('conflict');
      expect(['CONCURRENT_UPDATE', 'DELETION_REQUEST_NOT_PENDING']).toContain(loser.ok ? null : loser.error.code);

      const [row] = await ctx.db.query<{ status: string; admin_id: string }>('select status, admin_id from account_deletion_requests where id = $1', [request.id]);
      const [user] = await ctx.db.query<{ erased_at: Date | null; is_active: boolean }>('select erased_at, is_active from users where id = $1', [person.id]);
      if (approve.ok) {
        expect(row).toEqual({ status: 'approved', admin_id: alice.id });
        expect(user).toMatchObject({ is_active: false });
        expect(user!.erased_at).not.toBeNull();
      } else {
        expect(row).toEqual({ status: 'rejected', admin_id: bob.id });
        expect(user).toEqual({ erased_at: null, is_active: true });
      }
    }
  });

  it('keeps one pending request per person when two arrive at once', async () => {
    const person = await insertUser(ctx.db);
    const results = await Promise.all(Array.from({ length: 5 }, () => requestDeletion(ctx.app.deps(), { actor: person.actor, form: { reason: 'Twice' } })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(new Set(results.flatMap((r) => (r.ok ? [] : [r.error.code])))).toEqual(new Set(['DELETION_ALREADY_PENDING']));
    const rows = await ctx.db.query(`select id from account_deletion_requests where user_id = $1 and status = 'pending'`, [person.id]);
    expect(rows).toHaveLength(1);
  });
});
