import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminReadModels } from '../../../adapters/persistence/admin/index';
import type { CoachSearchPage } from '../../../domain/search/coach-search';
import { createUser } from '../../support/accounts';
import { runCli } from '../../support/cli';
import { sameOrigin, useHttpApp } from '../../support/http-app';
import { countQueries } from '../../support/query-counter';

/**
 * Administrators verify coaches (the 'Verified' badge clients see on FindCoaches and the coach's
 * profile): over the production HTTP stack from AdminUsers, and from the ops CLI. Non-admins get
 * the admin pages' 404 and change nothing; only coaches can be verified; every change is audited.
 */
// The CLI runs boot tsx and the ORM: seconds apiece on a busy machine.
vi.setConfig({ testTimeout: 180_000 });
const http = useHttpApp();
type Who = 'admin' | 'client' | 'coach';
const cookies: Record<Who, string> = { admin: '', client: '', coach: '' };
const ids: Record<'admin' | 'client' | 'coach' | 'cliCoach', string> = { admin: '', client: '', coach: '', cliCoach: '' };

const dataUrl = (page: string, query = '') => `/${page}?${query}${query ? '&' : ''}_data=${encodeURIComponent(`routes/_app.${page}`)}`;
async function get(path: string, who: Who): Promise<Response> {
  return fetch(`${http.baseUrl}${path}`, { headers: { Cookie: cookies[who] }, redirect: 'manual' });
}
async function post(who: Who, form: Record<string, string>): Promise<Response> {
  return fetch(`${http.baseUrl}${dataUrl('AdminUsers')}`, {
    method: 'POST',
    headers: sameOrigin(http.baseUrl, { Cookie: cookies[who], 'Content-Type': 'application/x-www-form-urlencoded' }),
    body: new URLSearchParams(form),
    redirect: 'manual',
  });
}

/** What a client sees of the coach: the FindCoaches card and the profile page's data. */
async function badgeSeenByClient(coachId: string): Promise<{ card: boolean | undefined; profile: boolean | undefined }> {
  const found = (await (await get(dataUrl('FindCoaches'), 'client')).json()) as { page: CoachSearchPage };
  const profile = (await (await get(dataUrl('CoachProfile', `userId=${coachId}`), 'client')).json()) as { profile: { coachProfile: { isVerified: boolean } | null } };
  return { card: found.page.coaches.find((c) => c.userId === coachId)?.isVerified, profile: profile.profile.coachProfile?.isVerified };
}
async function adminCard(coachId: string): Promise<{ id: string; isVerified: boolean } | undefined> {
  const data = (await (await get(dataUrl('AdminUsers', 'type=coach'), 'admin')).json()) as { page: { items: { id: string; isVerified: boolean }[] } };
  return data.page.items.find((u) => u.id === coachId);
}
const stored = async (coachId: string) => (await http.db.query<{ is_verified: boolean; version: number }>(`select is_verified, version from coach_profiles where user_id = $1`, [coachId]))[0];
const audit = (target: string) =>
  http.db.query(`select a.action, a.actor_id, a.target_type, a.details->>'via' as via, a.details->>'verified' as verified from audit_log a where a.target_id = $1 order by a.created_at, a.id`, [
    target,
  ]);
const fact = (...args: string[]) => runCli(http.db.url, args);

beforeAll(async () => {
  const admin = await createUser(http.app, { role: 'admin', email: 'ada@fact.test', fullName: 'Ada Admin' });
  const client = await createUser(http.app, { email: 'cleo@example.test', fullName: 'Cleo Client' });
  const coach = await createUser(http.app, { userType: 'coach', email: 'cole@example.test', fullName: 'Cole Coach' });
  const cliCoach = await createUser(http.app, { userType: 'coach', email: 'carla@example.test', fullName: 'Carla Keeper' });
  Object.assign(ids, { admin: admin.user.id, client: client.user.id, coach: coach.user.id, cliCoach: cliCoach.user.id });
  cookies.admin = await http.cookieFor(admin.user.id);
  cookies.client = await http.cookieFor(client.user.id);
  cookies.coach = await http.cookieFor(coach.user.id);
}, 60_000);

describe('verifying coaches from AdminUsers', () => {
  it('an administrator verifies a coach: the badge shows on the admin card, FindCoaches and the profile, and the audit log names the admin and the coach', async () => {
    expect(await stored(ids.coach)).toMatchObject({ is_verified: false });
    expect(await badgeSeenByClient(ids.coach)).toEqual({ card: false, profile: false });
    const { version } = (await stored(ids.coach))!;

    const res = await post('admin', { intent: 'verify_coach', userId: ids.coach });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, intent: 'verify_coach', target: ids.coach, message: 'Coach verified.' });

    expect(await stored(ids.coach)).toEqual({ is_verified: true, version: version + 1 });
    expect(await adminCard(ids.coach)).toMatchObject({ isVerified: true });
    expect(await badgeSeenByClient(ids.coach)).toEqual({ card: true, profile: true });
    expect(await audit(ids.coach)).toEqual([{ action: 'coach.verify', actor_id: ids.admin, target_type: 'user', via: 'web', verified: 'true' }]);
    const html = await (await get('/AdminUsers?type=coach', 'admin')).text();
    expect(html).toContain('Verified coach');
    expect(html).toContain('Remove verification');
  });

  it('verifying a verified coach again succeeds without touching the profile; removing the verification takes the badge away, audited', async () => {
    const before = await stored(ids.coach);
    expect(before).toMatchObject({ is_verified: true });
    const again = await post('admin', { intent: 'verify_coach', userId: ids.coach });
    expect(await again.json()).toMatchObject({ ok: true, message: 'Coach verified.' });
    expect(await stored(ids.coach)).toEqual(before);

    const removed = await post('admin', { intent: 'unverify_coach', userId: ids.coach });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ ok: true, intent: 'unverify_coach', target: ids.coach, message: 'Verification removed.' });
    expect(await stored(ids.coach)).toEqual({ is_verified: false, version: before!.version + 1 });
    expect(await badgeSeenByClient(ids.coach)).toEqual({ card: false, profile: false });
    expect((await audit(ids.coach)).map((a) => a.action)).toEqual(['coach.verify', 'coach.verify', 'coach.unverify']);
    expect(await (await get('/AdminUsers?type=coach', 'admin')).text()).toContain('Not verified');
  });

  it('a client or a coach (the coach themself included) posting the same gets a 404, logged, and nothing changes', async () => {
    const before = await stored(ids.coach);
    const lines = (await audit(ids.coach)).length;
    http.clearLogs();
    for (const who of ['client', 'coach'] as const) {
      for (const intent of ['verify_coach', 'unverify_coach']) {
        const res = await post(who, { intent, userId: ids.coach });
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain('Coach verified');
      }
    }
    expect(await stored(ids.coach)).toEqual(before);
    expect(await audit(ids.coach)).toHaveLength(lines);
    expect(http.logs().filter((l) => l.msg === 'refused: not an administrator' && l.path === '/AdminUsers').length).toBe(4);
    expect(await badgeSeenByClient(ids.coach)).toEqual({ card: false, profile: false });
  });

  it('verifying a client, an administrator or an unknown id is refused with a 404 and changes nothing; a malformed id is a 422', async () => {
    const count = async () =>
      (await http.db.query<{ profiles: number; audits: number }>(`select (select count(*)::int from coach_profiles) as profiles, (select count(*)::int from audit_log) as audits`))[0];
    const before = await count();
    for (const target of [ids.client, ids.admin, '00000000-0000-4000-8000-000000000000']) {
      const res = await post('admin', { intent: 'verify_coach', userId: target });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ ok: false, intent: 'verify_coach', target, message: 'Failed to verify coach: Coach not found' });
    }
    expect((await post('admin', { intent: 'verify_coach', userId: 'not-an-id' })).status).toBe(422);
    expect(await count()).toEqual(before);
    expect(await http.db.query(`select 1 from coach_profiles where user_id = any($1::uuid[])`, [[ids.client, ids.admin]])).toEqual([]);
    expect(await audit(ids.client)).toEqual([]);
  });

  it('the AdminUsers list reads every card’s verification in its one statement (no query per card)', async () => {
    const reads = adminReadModels(http.app.orm);
    const { result, count, queries } = await countQueries(() => reads.users({ type: 'all' }));
    expect(result.items.length).toBeGreaterThanOrEqual(4);
    expect(count, queries.join('\n')).toBe(1);
    expect(
      result.items
        .filter((u) => u.userType === 'coach')
        .map((u) => u.id)
        .sort(),
    ).toEqual([ids.coach, ids.cliCoach].sort());
    expect(result.items.find((u) => u.id === ids.client)).toMatchObject({ isVerified: false });
  });
});

describe('fact users verify / unverify', () => {
  it('verifies a coach by email as the named administrator, in one line, audited via the CLI; again is a no-op; unverify takes it away', async () => {
    const verified = await fact('users', 'verify', 'carla@example.test', '--as', 'ada@fact.test');
    expect(verified).toMatchObject({ code: 0, stdout: `Verified coach Carla Keeper (${ids.cliCoach}).\n`, stderr: '' });
    expect(await stored(ids.cliCoach)).toMatchObject({ is_verified: true });
    expect(await badgeSeenByClient(ids.cliCoach)).toEqual({ card: true, profile: true });

    const again = await fact('users', 'verify', ids.cliCoach, '--as', 'ada@fact.test');
    expect(again).toMatchObject({ code: 0, stdout: `Coach Carla Keeper (${ids.cliCoach}) was already verified.\n` });

    const unverified = await fact('users', 'unverify', ids.cliCoach, '--as', 'ada@fact.test', '--json');
    expect(unverified.code).toBe(0);
    expect(unverified.json()).toEqual({ coachId: ids.cliCoach, fullName: 'Carla Keeper', verified: false, changed: true });
    expect(await stored(ids.cliCoach)).toMatchObject({ is_verified: false });
    expect((await fact('users', 'show', ids.cliCoach)).stdout).toMatch(/verified:\s+no/);
    expect(await audit(ids.cliCoach)).toEqual([
      { action: 'coach.verify', actor_id: ids.admin, target_type: 'user', via: 'cli', verified: 'true' },
      { action: 'coach.verify', actor_id: ids.admin, target_type: 'user', via: 'cli', verified: 'true' },
      { action: 'coach.unverify', actor_id: ids.admin, target_type: 'user', via: 'cli', verified: 'false' },
    ]);
  });

  it('refuses a client as target (exit 1), a non-admin --as (exit 1) and a missing --as (exit 2), changing nothing', async () => {
    const before = await http.db.query(`select count(*)::int as n from audit_log`);
    const [client, notAdmin, noAs] = await Promise.all([
      fact('users', 'verify', ids.client, '--as', 'ada@fact.test'),
      fact('users', 'verify', ids.cliCoach, '--as', 'cole@example.test'),
      fact('users', 'unverify', ids.cliCoach),
    ]);
    expect(client).toMatchObject({ code: 1, stdout: '', stderr: 'Coach not found\n' });
    expect(notAdmin).toMatchObject({ code: 1, stderr: 'cole@example.test is not an administrator.\n' });
    expect(noAs.code).toBe(2);
    expect(await stored(ids.cliCoach)).toMatchObject({ is_verified: false });
    expect(await http.db.query(`select count(*)::int as n from audit_log`)).toEqual(before);
  });
});
