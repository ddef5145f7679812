import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../support/app';
import { insertBooking, insertUser } from '../../support/admin-fixtures';
import { runCli } from '../../support/cli';

/** The ops CLI as an operator runs it: the real binary, a real database, exit codes and --json. */
// Each run boots the CLI (tsx, the ORM): seconds apiece on a busy machine, several per test.
vi.setConfig({ testTimeout: 180_000 });
const ctx = useTestApp();
const fact = (...args: string[]) => runCli(ctx.db.url, args);
let clientId: string;
let coachId: string;
let requestId: string;
let disputed: { id: string; reference: string };

beforeAll(async () => {
  clientId = await insertUser(ctx.db, { fullName: 'Cleo Client', email: 'cleo@example.test' });
  coachId = await insertUser(ctx.db, { fullName: 'Cole Coach', email: 'cole@example.test', userType: 'coach' });
  requestId = (await ctx.db.query<{ id: string }>(`insert into account_deletion_requests (id, user_id, reason) values (gen_random_uuid(), $1, 'Leaving') returning id`, [clientId]))[0]!.id;
  await insertBooking(ctx.db, { clientId, coachId, reference: 'FACT-20261120-PEN1', status: 'pending' });
  disputed = await insertBooking(ctx.db, { clientId, coachId, reference: 'FACT-20261121-DSP1', status: 'disputed', paymentStatus: 'captured', captured: 4300 });
}, 60_000);

describe('fact admin create', () => {
  it('creates the first administrator from a password on stdin, then needs --as for the next', async () => {
    const first = await runCli(ctx.db.url, ['admin', 'create', '--email', 'Root@Fact.test', '--name', 'Rita Root', '--password-stdin', '--json'], { input: 'a long admin password\n' });
    expect(first.code).toBe(0);
    expect(first.json()).toMatchObject({ email: 'root@fact.test', role: 'admin' });
    const second = await runCli(ctx.db.url, ['admin', 'create', '--email', 'two@fact.test', '--name', 'Tom Two', '--password-stdin'], { input: 'another long password' });
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('--as <admin email>');
    const short = await runCli(ctx.db.url, ['admin', 'create', '--email', 'two@fact.test', '--name', 'Tom Two', '--password-stdin', '--as', 'root@fact.test'], { input: 'short' });
    expect(short.code).toBe(2);
    const hashed = await ctx.db.query<{ password_hash: string }>(`select password_hash from users where email = 'root@fact.test'`);
    expect(hashed[0]!.password_hash).not.toContain('a long admin password');
  });
});

describe('fact users', () => {
  it('lists users as a table and as JSON pages without emails', async () => {
    const human = await fact('users', 'list', '--type', 'coach');
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/ID\s+NAME\s+TYPE\s+ROLE\s+STATUS/);
    expect(human.stdout).toContain('Cole Coach');
    const json = await fact('users', 'list', '--json', '--search', 'CLEO');
    expect(json.json()).toEqual({ items: [expect.objectContaining({ id: clientId, fullName: 'Cleo Client', userType: 'client' })], next: null, prev: null });
    expect(json.stdout).not.toContain('@');
  });

  it('refuses bad usage with exit 2', async () => {
    const runs = await Promise.all([fact('users', 'list', '--type', 'nobody'), fact('users', 'remove', coachId), fact('users', 'frobnicate')]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2]);
  });

  it('removes and restores a coach as the named administrator, and audits both', async () => {
    const removed = await fact('users', 'remove', 'cole@example.test', '--as', 'root@fact.test', '--reason', 'Fake certificate', '--json');
    expect(removed.code).toBe(0);
    expect(removed.json()).toMatchObject({ id: coachId, isActive: false });
    // Decision 016: the coach's request is declined; the disputed session is left for an administrator.
    expect(removed.json()).toMatchObject({
      settlement: {
        declined: [expect.objectContaining({ referenceCode: 'FACT-20261120-PEN1' })],
        leftForAdministrator: [expect.objectContaining({ referenceCode: 'FACT-20261121-DSP1', why: 'disputed' })],
      },
    });
    const again = await fact('users', 'remove', coachId, '--as', 'root@fact.test');
    expect(again).toMatchObject({ code: 1, stderr: 'This user is already deactivated.\n' });
    expect((await fact('users', 'show', coachId, '--json')).json()).toMatchObject({ isActive: false, deactivationReason: 'Fake certificate', email: 'cole@example.test' });
    expect((await fact('users', 'restore', coachId, '--as', 'root@fact.test')).code).toBe(0);
    const audit = await ctx.db.query(`select a.action, u.email from audit_log a join users u on u.id = a.actor_id where a.target_id = $1 order by a.created_at`, [coachId]);
    expect(audit).toEqual([
      { action: 'user.remove', email: 'root@fact.test' },
      { action: 'user.restore', email: 'root@fact.test' },
    ]);
  });

  it('refuses an --as that is not an administrator, and removing an administrator', async () => {
    expect(await fact('users', 'remove', coachId, '--as', 'cleo@example.test')).toMatchObject({ code: 1, stderr: 'cleo@example.test is not an administrator.\n' });
    expect((await fact('users', 'remove', 'root@fact.test', '--as', 'root@fact.test')).code).toBe(1);
    expect((await fact('users', 'show', 'nobody@example.test')).code).toBe(1);
  });
});

describe('fact deletion-requests, bookings, disputes, diagnose', () => {
  it('lists the pending deletion request and approves it: the user is erased, the bookings stay', async () => {
    const list = await fact('deletion-requests', 'list', '--json');
    expect(list.json()).toEqual({ items: [expect.objectContaining({ id: requestId, userId: clientId, reason: 'Leaving' })] });
    const approved = await fact('deletion-requests', 'approve', requestId, '--as', 'root@fact.test', '--reason', 'As asked');
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain('personal data erased');
    const [user] = await ctx.db.query(`select full_name, email, is_active, erased_at is not null as erased from users where id = $1`, [clientId]);
    expect(user).toMatchObject({ full_name: 'Deleted user', is_active: false, erased: true });
    expect(user!.email).not.toContain('cleo');
    expect((await ctx.db.query(`select count(*)::int as n from bookings where client_id = $1`, [clientId]))[0]).toEqual({ n: 2 });
    expect((await fact('deletion-requests', 'reject', requestId, '--as', 'root@fact.test')).code).toBe(1);
  });

  it('searches references by prefix in any case, with the SPEC messages', async () => {
    const [one, many, none, blank] = await Promise.all([
      fact('bookings', 'search', 'fact-20261120'),
      fact('bookings', 'search', 'FACT-2026112', '--json'),
      fact('bookings', 'search', 'FACT-1999'),
      fact('bookings', 'search', '   '),
    ]);
    expect(one.stdout).toContain('Found booking FACT-20261120-PEN1');
    expect(many.json<{ items: unknown[] }>().items).toHaveLength(2);
    expect(none.stdout.trim()).toBe('No bookings found with that reference');
    expect(blank.code).toBe(2);
  });

  it('shows and cancels a booking as an administrator', async () => {
    // The coach's removal above declined this request (decision 016): pending again for this test.
    await ctx.db.query(`update bookings set status = 'pending', declined = false, cancelled_by = null, cancelled_at = null, cancellation_reason = null where reference_code = 'FACT-20261120-PEN1'`);
    expect((await fact('bookings', 'show', 'fact-20261120-pen1', '--json')).json()).toMatchObject({ referenceCode: 'FACT-20261120-PEN1', status: 'pending' });
    expect((await fact('bookings', 'cancel', 'FACT-20261120-PEN1', '--as', 'root@fact.test')).code).toBe(2);
    const cancelled = await fact('bookings', 'cancel', 'FACT-20261120-PEN1', '--as', 'root@fact.test', '--reason', 'Coach unavailable', '--json');
    expect(cancelled.code).toBe(0);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await fact('bookings', 'cancel', 'FACT-20261120-PEN1', '--as', 'root@fact.test', '--reason', 'again')).code).toBe(1);
  });

  it('lists and resolves a dispute with a partial refund', async () => {
    expect((await fact('disputes', 'list', '--json')).json()).toEqual({ items: [expect.objectContaining({ id: disputed.id, status: 'disputed' })] });
    expect((await fact('disputes', 'resolve', disputed.reference, '--as', 'root@fact.test', '--outcome', 'refund_partial')).code).toBe(2);
    const resolved = await fact('disputes', 'resolve', disputed.reference, '--as', 'root@fact.test', '--outcome', 'refund_partial', '--amount', '20', '--note', 'Half the session', '--json');
    expect(resolved.code).toBe(0);
    expect(resolved.json()).toMatchObject({ status: 'completed', disputeOutcome: 'refund_partial', disputeRefundPence: 2000 });
    expect((await fact('disputes', 'list')).stdout.trim()).toBe('No open disputes.');
    const audit = await ctx.db.query(`select details from audit_log where action = 'dispute.resolve'`);
    expect(audit[0]!.details).toMatchObject({ via: 'cli', outcome: 'refund_partial', refundPence: 2000 });
  });

  it('diagnoses: counts and checks as JSON, exit 1 when an error-level check fails', async () => {
    const ok = await fact('diagnose', '--json');
    expect(ok.code).toBe(0);
    expect(ok.json()).toMatchObject({ healthy: true, counts: { users: 3, bookings: 2 } });
    await ctx.db.query(
      `update bookings set payment_status = 'released', payment_released_at = now(), status = 'confirmed', cancelled_by = null, cancelled_at = null where reference_code = 'FACT-20261120-PEN1'`,
    );
    const bad = await fact('diagnose');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/Payments released before the session finished\s+error\s+1\s+FAIL\s+FACT-20261120-PEN1/);
  });
});
