import { beforeAll, describe, expect, it } from 'vitest';
import { requestDeletion } from '../../../domain/accounts/erasure/use-cases/request-deletion';
import { toActor } from '../../../domain/accounts/users/user';
import { createUser } from '../../support/accounts';
import { insertBooking } from '../../support/admin-fixtures';
import { sameOrigin, useHttpApp } from '../../support/http-app';

/**
 * Every admin page's loader and action through the real HTTP stack: signed-out visitors are sent
 * to sign in, clients and coaches get a 404 (logged), administrators get the page and their
 * actions go through the domain and into audit_log with their id.
 */
const http = useHttpApp();
const cookies: Record<'admin' | 'client' | 'coach', string> = { admin: '', client: '', coach: '' };
const ids: Record<string, string> = {};

const PAGES = ['AdminDashboard', 'AdminUsers', 'AdminBookings', 'DataDiagnostic'] as const;
const dataUrl = (page: string, query = '') => `/${page}?${query}${query ? '&' : ''}_data=${encodeURIComponent(`routes/_app.${page}`)}`;

async function get(path: string, who: keyof typeof cookies | null): Promise<Response> {
  return fetch(`${http.baseUrl}${path}`, { headers: who ? { Cookie: cookies[who] } : {}, redirect: 'manual' });
}
async function post(page: string, who: keyof typeof cookies, form: Record<string, string>): Promise<Response> {
  return fetch(`${http.baseUrl}${dataUrl(page)}`, {
    method: 'POST',
    headers: sameOrigin(http.baseUrl, { Cookie: cookies[who], 'Content-Type': 'application/x-www-form-urlencoded' }),
    body: new URLSearchParams(form),
    redirect: 'manual',
  });
}

beforeAll(async () => {
  const admin = await createUser(http.app, { role: 'admin', email: 'ada@fact.test', fullName: 'Ada Admin' });
  const client = await createUser(http.app, { email: 'cleo@example.test', fullName: 'Cleo Client' });
  const coach = await createUser(http.app, { userType: 'coach', email: 'cole@example.test', fullName: 'Cole Coach' });
  const leaver = await createUser(http.app, { email: 'lee@example.test', fullName: 'Lee Leaver' });
  Object.assign(ids, { admin: admin.user.id, client: client.user.id, coach: coach.user.id, leaver: leaver.user.id });
  cookies.admin = await http.cookieFor(admin.user.id);
  cookies.client = await http.cookieFor(client.user.id);
  cookies.coach = await http.cookieFor(coach.user.id);
  const request = await requestDeletion(http.app.deps(), { actor: toActor(leaver.user), form: { reason: 'Moving away' } });
  if (!request.ok) throw new Error(request.error.message);
  ids.request = request.value.id;
  ids.booking = (await insertBooking(http.db, { clientId: client.user.id, coachId: coach.user.id, reference: 'FACT-20261121-ROUT', status: 'pending' })).id;
  ids.dispute = (
    await insertBooking(http.db, {
      clientId: client.user.id,
      coachId: coach.user.id,
      reference: 'FACT-20261120-DISP',
      status: 'disputed',
      paymentStatus: 'captured',
      captured: 5300,
      servicePence: 5000,
    })
  ).id;
}, 60_000);

describe('admin pages refuse everyone but administrators', () => {
  it.each(PAGES)('%s sends a signed-out visitor to sign in', async (page) => {
    const res = await get(`/${page}`, null);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('login=1');
  });

  it('AdminDashboard sends a client to FindCoaches and a coach to CoachDashboard, and logs the refusal', async () => {
    http.clearLogs();
    for (const [who, home] of [
      ['client', '/FindCoaches'],
      ['coach', '/CoachDashboard'],
    ] as const) {
      const res = await get('/AdminDashboard', who);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(home);
      const data = await get(dataUrl('AdminDashboard'), who);
      expect(data.headers.get('x-remix-redirect')).toBe(home);
      expect(await data.text()).not.toContain('deletion');
    }
    expect(http.logs().filter((l) => l.msg === 'refused: not an administrator' && l.path === '/AdminDashboard').length).toBe(4);
  });

  it.each(PAGES.filter((p) => p !== 'AdminDashboard'))('%s is a 404 for a client and a coach, and the refusal is logged', async (page) => {
    http.clearLogs();
    for (const who of ['client', 'coach'] as const) {
      expect((await get(`/${page}`, who)).status).toBe(404);
      expect((await get(dataUrl(page), who)).status).toBe(404);
    }
    expect(http.logs().filter((l) => l.msg === 'refused: not an administrator' && l.path === `/${page}`).length).toBeGreaterThanOrEqual(4);
  });

  it('the booking-reference search is a 404 for non-admins', async () => {
    expect((await get('/admin/booking-search?q=FACT', 'client')).status).toBe(404);
    expect((await get('/admin/booking-search?q=FACT', 'coach')).status).toBe(404);
  });

  it.each([['AdminDashboard'], ['AdminUsers']])('%s actions are a 404 for a client and change nothing', async (page) => {
    const res = await post(page, 'client', { intent: 'remove_user', userId: ids.coach! });
    expect(res.status).toBe(404);
    const [coach] = await http.db.query(`select is_active from users where id = $1`, [ids.coach]);
    expect(coach).toEqual({ is_active: true });
  });
});

describe('admin pages for administrators', () => {
  it('AdminDashboard: counts, the deletion request, the open dispute and recent bookings', async () => {
    const res = await get(dataUrl('AdminDashboard'), 'admin');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const data = (await res.json()) as { counts: Record<string, number>; deletionRequests: { id: string }[]; openDisputes: { id: string }[]; recentBookings: unknown[] };
    expect(data.counts).toMatchObject({ accounts: 4, coaches: 1, clients: 2, bookings: 2, pending: 1, disputed: 1 });
    expect(data.deletionRequests.map((r) => r.id)).toEqual([ids.request]);
    expect(data.openDisputes.map((d) => d.id)).toEqual([ids.dispute]);
    expect(data.recentBookings).toHaveLength(2);
    const page = await (await get('/AdminDashboard', 'admin')).text();
    for (const text of ['Total Accounts', 'Account Deletion Requests', 'Recent Bookings', 'View Chat', 'Lee Leaver', 'FACT-20261121-ROUT']) expect(page).toContain(text);
  });

  it('AdminUsers: filters by type and searches, never sending an email address', async () => {
    const res = await get(dataUrl('AdminUsers', 'type=client&q=CLEO'), 'admin');
    const data = (await res.json()) as { page: { items: { id: string }[] } };
    expect(data.page.items.map((u) => u.id)).toEqual([ids.client]);
    const html = await (await get('/AdminUsers?type=all', 'admin')).text();
    expect(html).toContain('Users (All)');
    expect(html).toContain('Email hidden');
    expect(html).not.toContain('cleo@example.test');
    expect(await (await get('/AdminUsers?type=coach&q=nobody-at-all', 'admin')).text()).toContain('No users found.');
  });

  it('AdminBookings: by status, with the highlighted booking pinned when not on the page', async () => {
    const data = (await (await get(dataUrl('AdminBookings', `status=pending&highlight=${ids.dispute}`), 'admin')).json()) as {
      page: { items: { id: string }[] };
      pinned: { id: string } | null;
    };
    expect(data.page.items.map((b) => b.id)).toEqual([ids.booking]);
    expect(data.pinned?.id).toBe(ids.dispute);
    const html = await (await get('/AdminBookings?status=completed', 'admin')).text();
    expect(html).toContain('Bookings (Completed)');
    expect(html).toContain('No bookings found.');
  });

  it('the booking-reference search answers prefix and whole codes in any case', async () => {
    const many = (await (await get('/admin/booking-search?q=fact-2026112', 'admin')).json()) as { items: { referenceCode: string }[] };
    expect(many.items.map((b) => b.referenceCode).sort()).toEqual(['FACT-20261120-DISP', 'FACT-20261121-ROUT']);
    const blank = await get('/admin/booking-search?q=%20%20', 'admin');
    expect(blank.status).toBe(422);
  });

  it('DataDiagnostic: counts and checks', async () => {
    const data = (await (await get(dataUrl('DataDiagnostic'), 'admin')).json()) as { report: { counts: { users: number }; checks: { key: string }[] } };
    expect(data.report.counts.users).toBe(4);
    expect(data.report.checks.map((c) => c.key)).toContain('user_id_mismatch');
  });
});

describe('admin actions', () => {
  const audit = (target: string) => http.db.query(`select action, actor_id, details->>'via' as via from audit_log where target_id = $1 order by created_at`, [target]);

  it('removes a user (their sessions end) and restores them, each audited with the admin id', async () => {
    const removed = await post('AdminUsers', 'admin', { intent: 'remove_user', userId: ids.coach!, reason: 'Fake certificate' });
    expect(removed.status).toBe(200);
    // Decision 016: the answer says what happened to the coach's bookings and what is left for an administrator.
    expect(await removed.json()).toMatchObject({
      ok: true,
      intent: 'remove_user',
      detail: '1 request(s) declined, 0 booking(s) cancelled. Left for an administrator: FACT-20261120-DISP (in dispute).',
      settlement: { declined: 1, cancelled: 0, leftForAdministrator: [expect.objectContaining({ referenceCode: 'FACT-20261120-DISP', status: 'disputed', why: 'disputed' })] },
    });
    expect((await get('/AdminBookings', 'coach')).status).toBe(302);
    const restored = await post('AdminUsers', 'admin', { intent: 'restore_user', userId: ids.coach! });
    expect(await restored.json()).toMatchObject({ ok: true });
    expect(await audit(ids.coach!)).toEqual([
      { action: 'user.remove', actor_id: ids.admin, via: 'web' },
      { action: 'user.restore', actor_id: ids.admin, via: 'web' },
    ]);
  });

  it("refuses to remove an administrator with SPEC's words and the domain's reason", async () => {
    const res = await post('AdminUsers', 'admin', { intent: 'remove_user', userId: ids.admin! });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ ok: false, message: 'Failed to remove user: You cannot remove your own account.' });
    expect(await audit(ids.admin!)).toEqual([]);
  });

  it('approves a deletion request: the account is erased, the bookings keep their amounts', async () => {
    const res = await post('AdminDashboard', 'admin', { intent: 'approve_deletion', requestId: ids.request!, reason: 'As asked' });
    expect(await res.json()).toMatchObject({ ok: true });
    const [user] = await http.db.query(`select full_name, is_active, erased_at is not null as erased from users where id = $1`, [ids.leaver]);
    expect(user).toEqual({ full_name: 'Deleted user', is_active: false, erased: true });
    const again = await post('AdminDashboard', 'admin', { intent: 'reject_deletion', requestId: ids.request! });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: 'Failed to reject request: This deletion request has already been decided.' });
    expect(await audit(ids.request!)).toEqual([{ action: 'deletion_request.approve', actor_id: ids.admin, via: 'web' }]);
  });

  it('resolves the dispute with a partial refund, and refuses a second resolution', async () => {
    const bad = await post('AdminDashboard', 'admin', { intent: 'resolve_dispute', bookingId: ids.dispute!, outcome: 'refund_partial', amount: '999' });
    expect(bad.status).toBe(422);
    const res = await post('AdminDashboard', 'admin', { intent: 'resolve_dispute', bookingId: ids.dispute!, outcome: 'refund_partial', amount: '25.50', note: 'Half' });
    expect(await res.json()).toMatchObject({ ok: true, message: 'Dispute resolved.' });
    const [b] = await http.db.query(`select status, dispute_outcome, dispute_refund_pence, dispute_resolved_by from bookings where id = $1`, [ids.dispute]);
    expect(b).toEqual({ status: 'completed', dispute_outcome: 'refund_partial', dispute_refund_pence: 2550, dispute_resolved_by: ids.admin });
    expect((await post('AdminDashboard', 'admin', { intent: 'resolve_dispute', bookingId: ids.dispute!, outcome: 'release' })).status).toBe(409);
  });

  it('answers an unknown intent with SPEC’s generic failure', async () => {
    const res = await post('AdminUsers', 'admin', { intent: 'format_disk' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, message: 'Failed to process request' });
  });
});
