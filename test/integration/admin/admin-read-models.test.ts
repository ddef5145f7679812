import { beforeAll, describe, expect, it } from 'vitest';
import { adminReadModels, type AdminReadModels } from '../../../adapters/persistence/admin/index';
import { useTestApp } from '../../support/app';
import { insertBooking, insertUser } from '../../support/admin-fixtures';

const ctx = useTestApp();
let reads: AdminReadModels;
let alice: string, bob: string, coachCarla: string, coachDan: string;

beforeAll(async () => {
  reads = adminReadModels(ctx.app.orm);
  await insertUser(ctx.db, { role: 'admin', fullName: 'Ada Admin', email: 'ada@fact.test' });
  alice = await insertUser(ctx.db, { fullName: 'Alice Archer', email: 'alice@example.test', needs: ['striker'] });
  bob = await insertUser(ctx.db, { fullName: '', email: 'bob.BUILDER@example.test', userType: 'user' });
  coachCarla = await insertUser(ctx.db, { fullName: 'Carla Coach', userType: 'coach', services: ['goalkeeping', 'fitness_conditioning'] });
  coachDan = await insertUser(ctx.db, { fullName: 'Dan 100%_Coach', userType: 'coach', isActive: false });
  await ctx.db.query(`insert into account_deletion_requests (id, user_id, reason) values (gen_random_uuid(), $1, 'Moving abroad')`, [alice]);
  const statuses = ['pending', 'confirmed', 'completed', 'cancelled', 'disputed', 'pending', 'confirmed', 'completed', 'pending', 'in_session'];
  for (const [i, status] of statuses.entries()) {
    await insertBooking(ctx.db, {
      clientId: i % 2 ? alice : bob,
      coachId: coachCarla,
      status,
      reference: `FACT-2026112${i % 2}-A${String(i).padStart(3, '0')}`,
      createdAt: new Date(Date.UTC(2026, 10, 1, 10, 0, 0, i)).toISOString().replace('Z', '') + '123+00',
      startsAt: new Date(Date.UTC(2026, 11, 1 + i, 10)).toISOString(),
    });
  }
});

describe('admin dashboard read model', () => {
  it('counts accounts by type and bookings by status, disputed included', async () => {
    const counts = await reads.counts();
    expect(counts).toMatchObject({ accounts: 5, coaches: 2, clients: 2, admins: 1, deactivated: 1, bookings: 10 });
    expect(counts).toMatchObject({ pending: 3, confirmed: 2, completed: 2, cancelled: 1, disputed: 1, inSession: 1 });
    expect(counts).toMatchObject({ pendingDeletionRequests: 1, openDisputes: 1 });
  });

  it('lists the 8 newest bookings with both names, the pending deletion request and the open dispute', async () => {
    const dash = await reads.dashboard();
    expect(dash.recentBookings).toHaveLength(8);
    expect(dash.recentBookings[0]!.referenceCode).toBe('FACT-20261121-A009');
    expect(dash.recentBookings[0]).toMatchObject({ clientName: 'Alice Archer', coachName: 'Carla Coach', totalPricePence: 4300 });
    expect(dash.deletionRequests).toEqual([expect.objectContaining({ userId: alice, userName: 'Alice Archer', reason: 'Moving abroad' })]);
    expect(dash.openDisputes).toEqual([expect.objectContaining({ status: 'disputed', disputeReason: 'The coach did not turn up', disputeOpenedByRole: 'client' })]);
  });
});

describe('admin users read model', () => {
  it('filters by type, treating the legacy user type as client, and never returns an email', async () => {
    const clients = await reads.users({ type: 'client' });
    expect(clients.items.map((u) => u.id).sort()).toEqual([alice, bob].sort());
    expect(clients.items.find((u) => u.id === bob)?.userType).toBe('client');
    expect(JSON.stringify(clients)).not.toContain('@');
    const coaches = await reads.users({ type: 'coach' });
    expect(coaches.items.find((u) => u.id === coachCarla)?.offers).toEqual(['goalkeeping', 'fitness_conditioning']);
    expect(coaches.items.find((u) => u.id === coachDan)?.isActive).toBe(false);
    expect(clients.items.find((u) => u.id === alice)).toMatchObject({ needs: ['striker'], hasPendingDeletion: true });
  });

  it('searches name or email case-insensitively, taking % and _ literally', async () => {
    expect((await reads.users({ type: 'all', search: 'ALICE' })).items.map((u) => u.id)).toEqual([alice]);
    expect((await reads.users({ type: 'all', search: 'Bob.Builder' })).items.map((u) => u.id)).toEqual([bob]);
    expect((await reads.users({ type: 'all', search: '100%_' })).items.map((u) => u.id)).toEqual([coachDan]);
    expect((await reads.users({ type: 'all', search: '%' })).items).toHaveLength(1);
    expect((await reads.users({ type: 'coach', search: 'alice' })).items).toEqual([]);
  });

  it('pages through every user exactly once, forwards and back', async () => {
    const first = await reads.users({ type: 'all', limit: 2 });
    expect(first.prev).toBeNull();
    const second = await reads.users({ type: 'all', limit: 2, after: first.next });
    const third = await reads.users({ type: 'all', limit: 2, after: second.next });
    expect(third.next).toBeNull();
    const ids = [...first.items, ...second.items, ...third.items].map((u) => u.id);
    expect(new Set(ids).size).toBe(5);
    const back = await reads.users({ type: 'all', limit: 2, before: second.prev });
    expect(back.items.map((u) => u.id)).toEqual(first.items.map((u) => u.id));
    expect(back.prev).toBeNull();
  });

  it('shows one account with its contact details by id or by email', async () => {
    const byEmail = await reads.user({ email: 'Bob.Builder@Example.test' });
    expect(byEmail).toMatchObject({ id: bob, email: 'bob.builder@example.test', bookingsAsClient: 5 });
    expect(await reads.user({ id: coachCarla })).toMatchObject({ bookingsAsCoach: 10, hourlyRatePence: 4000 });
  });
});

describe('admin bookings read model', () => {
  it('lists by status newest first and pages with keyset cursors', async () => {
    const pending = await reads.bookings({ status: 'pending' });
    expect(pending.items.map((b) => b.referenceCode)).toEqual(['FACT-20261120-A008', 'FACT-20261121-A005', 'FACT-20261120-A000']);
    const p1 = await reads.bookings({ status: 'all', limit: 4 });
    const p2 = await reads.bookings({ status: 'all', limit: 4, after: p1.next });
    const p3 = await reads.bookings({ status: 'all', limit: 4, after: p2.next });
    expect([...p1.items, ...p2.items, ...p3.items]).toHaveLength(10);
    expect(p3.next).toBeNull();
    expect((await reads.bookings({ status: 'all', limit: 4, before: p3.prev })).items).toEqual(p2.items);
  });

  it('treats a forged cursor as the first page', async () => {
    const page = await reads.bookings({ status: 'all', limit: 3, after: 'not-a-cursor' });
    expect(page.items[0]!.referenceCode).toBe('FACT-20261121-A009');
  });

  it('finds references by prefix or whole code, newest first', async () => {
    expect((await reads.searchReferences('FACT-20261121')).items).toHaveLength(5);
    expect((await reads.searchReferences('FACT-20261121-A003')).items.map((b) => b.referenceCode)).toEqual(['FACT-20261121-A003']);
    expect((await reads.searchReferences('FACT-2026112', 3)).more).toBe(true);
    expect((await reads.searchReferences('FACT-1999')).items).toEqual([]);
  });

  it('gives the detail of one booking with its message count', async () => {
    const row = await reads.bookingByReference('FACT-20261121-A001');
    const detail = await reads.bookingDetail(row!.id);
    expect(detail).toMatchObject({ referenceCode: 'FACT-20261121-A001', status: 'confirmed', messageCount: 0, locationType: 'online' });
  });
});

describe('diagnostics', () => {
  it('counts everything and flags bookings out of step with their payment or parties, completed sessions never captured as errors', async () => {
    const report = await reads.diagnostics();
    expect(report.counts).toMatchObject({ users: 5, bookings: 10, messages: 0 });
    const check = (key: string) => report.checks.find((c) => c.key === key)!;
    expect(check('party_missing').count).toBe(0);
    expect(check('user_id_mismatch').count).toBe(0);
    expect(check('totals_do_not_add_up').count).toBe(0);
    // confirmed x2 and in_session x1 with payment still 'pending'
    expect(check('session_without_payment').count).toBe(3);
    expect(check('session_without_payment').sample).toHaveLength(3);
    // completed x2 with payment still 'pending': the coach is never paid, an error
    expect(check('completed_not_captured')).toMatchObject({ count: 2, severity: 'error' });
    expect(check('completed_not_captured').sample).toHaveLength(2);
    // Dan is deactivated but has no bookings; the rest are active.
    expect(check('active_with_gone_party').count).toBe(0);
    expect(report.healthy).toBe(false);
  });
});
