import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestDeletion } from '../../../domain/accounts/erasure/use-cases/request-deletion';
import { createUser } from '../../support/accounts';
import { sameOrigin, startHttpApp, useHttpApp, type HttpApp } from '../../support/http-app';
import { PRODUCTION_HASH_COST } from '../../support/test-env';

/**
 * Sessions over HTTP: logout, deactivation and approved deletion end every session of the
 * person at once; sessions end 30 days after sign-in whatever the cookie says; sign-in answers
 * never tell whether an account exists (words, status or time); rate limits and sessions hold
 * across two app instances on one database.
 */
const http = useHttpApp(PRODUCTION_HASH_COST);
const DAY = 24 * 3_600_000;
let ipCounter = 0;
/** Each attempt from its own address, so the per-address limit stays out of the way. */
const freshIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

async function login(base: HttpApp, email: string, password: string, ip = freshIp()) {
  const started = performance.now();
  const res = await fetch(`${base.baseUrl}/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ email, password }),
    headers: sameOrigin(base.baseUrl, { 'X-Forwarded-For': ip }),
    redirect: 'manual',
  });
  const ms = performance.now() - started;
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { status: res.status, cookie, body: res.status === 302 ? '' : await res.text(), ms };
}

/** Whether `cookie` still opens a signed-in page (a stale one is sent to the login and cleared). */
async function signedIn(base: HttpApp, cookie: string): Promise<boolean> {
  const res = await fetch(`${base.baseUrl}/Messages`, { headers: { Cookie: cookie }, redirect: 'manual' });
  if (res.status === 200) return true;
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toMatch(/^\/\?login=1/);
  return false;
}

async function post(base: HttpApp, path: string, cookie: string, form: Record<string, string>) {
  return fetch(`${base.baseUrl}${path}`, { method: 'POST', body: new URLSearchParams(form), headers: sameOrigin(base.baseUrl, { Cookie: cookie }), redirect: 'manual' });
}

describe('ending sessions', () => {
  let admin: string;
  beforeAll(async () => {
    const a = await createUser(http.app, { role: 'admin', email: 'sessions-admin@example.com' });
    admin = (await login(http, a.email, a.password)).cookie;
  });

  it('ends the sessions on every device when the person logs out on one', async () => {
    const { email, password } = await createUser(http.app, { email: 'two-devices@example.com' });
    const phone = (await login(http, email, password)).cookie;
    const laptop = (await login(http, email, password)).cookie;
    expect(phone).not.toBe(laptop);
    expect(await signedIn(http, phone)).toBe(true);
    expect(await signedIn(http, laptop)).toBe(true);
    const out = await post(http, '/auth/logout', phone, {});
    expect(out.status).toBe(302);
    expect(out.headers.get('set-cookie')).toMatch(/fact_session=;.*Max-Age=0|fact_session=;.*Expires=Thu, 01 Jan 1970/i);
    expect(await signedIn(http, phone)).toBe(false);
    expect(await signedIn(http, laptop)).toBe(false);
    // A new sign-in works again.
    expect(await signedIn(http, (await login(http, email, password)).cookie)).toBe(true);
  });

  it('ends every session of a person an administrator deactivates, at once, and refuses their sign-in', async () => {
    const { user, email, password } = await createUser(http.app, { email: 'to-deactivate@example.com' });
    const a = (await login(http, email, password)).cookie;
    const b = (await login(http, email, password)).cookie;
    const res = await post(http, '/AdminUsers', admin, { intent: 'remove_user', userId: user.id, reason: 'Abusive messages' });
    expect(res.status).toBe(200);
    expect(await signedIn(http, a)).toBe(false);
    expect(await signedIn(http, b)).toBe(false);
    const again = await login(http, email, password);
    expect(again.status).not.toBe(302);
    expect(again.cookie).not.toMatch(/fact_session=./);
    // Restored: a new sign-in works, the old cookies stay dead.
    expect((await post(http, '/AdminUsers', admin, { intent: 'restore_user', userId: user.id })).status).toBe(200);
    expect(await signedIn(http, a)).toBe(false);
    expect(await signedIn(http, (await login(http, email, password)).cookie)).toBe(true);
  });

  it('ends every session of a person whose deletion an administrator approves', async () => {
    const { user, email, password } = await createUser(http.app, { email: 'to-erase@example.com' });
    const a = (await login(http, email, password)).cookie;
    const b = (await login(http, email, password)).cookie;
    const requested = await requestDeletion(http.app.deps(), { actor: { userId: user.id, role: 'user', userType: 'client' }, form: { reason: 'Moving abroad' } });
    expect(requested.ok).toBe(true);
    const requestId = requested.ok ? requested.value.id : '';
    const res = await post(http, '/AdminDashboard', admin, { intent: 'approve_deletion', requestId });
    expect(res.status).toBe(200);
    expect(await signedIn(http, a)).toBe(false);
    expect(await signedIn(http, b)).toBe(false);
    expect((await login(http, email, password)).status).not.toBe(302);
    const [row] = await http.db.query<{ email: string; password_hash: string | null }>('select email, password_hash from users where id = $1', [user.id]);
    expect(row?.email).not.toBe(email);
    expect(row?.password_hash).toBeNull();
  });
});

describe('session lifetime', () => {
  afterAll(() => http.app.testClock?.reset());

  it('ends a session 30 days after sign-in on the server, whatever the cookie lifetime says', async () => {
    const clock = http.app.testClock!;
    const start = new Date('2026-06-01T09:00:00Z');
    clock.set(start);
    const { email, password } = await createUser(http.app, { email: 'lifetime@example.com' });
    const cookie = (await login(http, email, password)).cookie;
    clock.set(new Date(start.getTime() + 29 * DAY));
    expect(await signedIn(http, cookie)).toBe(true);
    clock.set(new Date(start.getTime() + 30 * DAY + 60_000));
    expect(await signedIn(http, cookie)).toBe(false);
  });

  it('refuses a signed cookie that carries no sign-in time', async () => {
    const { user } = await createUser(http.app, { email: 'no-issued-at@example.com' });
    const { sessionStorageFor } = await import('../../../app/auth/session.server');
    const { remixContext } = await import('../../support/booking-flow');
    const storage = sessionStorageFor(remixContext(http.app));
    const session = await storage.getSession();
    session.set('userId', user.id);
    session.set('sessionVersion', user.sessionVersion);
    const cookie = (await storage.commitSession(session)).split(';')[0]!;
    expect(await signedIn(http, cookie)).toBe(false);
  });

  it('sets the cookie to expire with the session (Max-Age 30 days)', async () => {
    const { email, password } = await createUser(http.app, { email: 'max-age@example.com' });
    const res = await fetch(`${http.baseUrl}/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ email, password }),
      headers: sameOrigin(http.baseUrl, { 'X-Forwarded-For': freshIp() }),
      redirect: 'manual',
    });
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=2592000/);
  });
});

describe('no account enumeration', () => {
  it('answers an unknown email and a wrong password with the same status and words', async () => {
    const { email } = await createUser(http.app, { email: 'known@example.com' });
    const unknown = await login(http, 'nobody-here@example.com', 'some-password-1');
    const wrong = await login(http, email, 'some-password-1');
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.body).toContain('Invalid email or password');
  });

  it('takes about as long for an unknown email as for a wrong password (a dummy hash is computed)', async () => {
    const accounts = await Promise.all([1, 2, 3].map((i) => createUser(http.app, { email: `timing-${i}@example.com` })));
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved, 9 of each (3 per account: under the 5-failure limit of an account).
    for (let i = 0; i < 9; i++) {
      unknown.push((await login(http, `ghost-${i}@example.com`, 'wrong-password-1')).ms);
      wrong.push((await login(http, accounts[i % 3]!.email, 'wrong-password-1')).ms);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(wrong);
    expect(ratio, `unknown ${median(unknown).toFixed(1)} ms, wrong password ${median(wrong).toFixed(1)} ms`).toBeGreaterThan(0.7);
    expect(ratio).toBeLessThan(1.4);
    // Both paths run a memory-hard hash (tens of milliseconds), not a quick lookup.
    expect(median(unknown)).toBeGreaterThan(20);
  });

  it('answers a verification resend alike for an account that exists and one that does not', async () => {
    const { email } = await createUser(http.app, { email: 'resend-known@example.com', verified: false });
    const ask = async (address: string) => {
      const res = await fetch(`${http.baseUrl}/auth/resend-verification`, {
        method: 'POST',
        body: new URLSearchParams({ email: address }),
        headers: sameOrigin(http.baseUrl, { 'X-Forwarded-For': freshIp() }),
      });
      return { status: res.status, body: await res.text() };
    };
    expect(await ask('resend-unknown@example.com')).toEqual(await ask(email));
  });

  it('stores passwords as scrypt hashes with a salt of their own', async () => {
    const a = await createUser(http.app, { email: 'salt-a@example.com', password: 'same-password-9' });
    const b = await createUser(http.app, { email: 'salt-b@example.com', password: 'same-password-9' });
    const rows = await http.db.query<{ password_hash: string }>('select password_hash from users where id in ($1, $2)', [a.user.id, b.user.id]);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{20,}\$[A-Za-z0-9+/=]{80,}$/);
    expect(rows[0]!.password_hash.split('$')[4]).not.toBe(rows[1]!.password_hash.split('$')[4]);
  });
});

describe('two app instances on one database', () => {
  let second: HttpApp & { close: () => Promise<void> };
  beforeAll(async () => {
    second = await startHttpApp(PRODUCTION_HASH_COST, { db: http.db });
  }, 60_000);
  afterAll(async () => second?.close());

  it('share sessions: a cookie from one works on the other, and a logout on one ends it on both', async () => {
    const { email, password } = await createUser(http.app, { email: 'two-instances@example.com' });
    // Both instances sign with the same secret (SESSION_SECRET in production).
    expect(second.app.sessionSecret).toBe(http.app.sessionSecret);
    const cookie = (await login(http, email, password)).cookie;
    expect(await signedIn(second, cookie)).toBe(true);
    await post(second, '/auth/logout', cookie, {});
    expect(await signedIn(http, cookie)).toBe(false);
  });

  it('share the login rate limit: five failures on one instance lock the account on the other', async () => {
    const { email, password } = await createUser(http.app, { email: 'shared-limit@example.com' });
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? http : second, email, 'wrong-password-1')).status).toBe(422);
    const refused = await login(second, email, password);
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('Too many requests');
    expect((await login(http, email, password)).status).toBe(429);
  });
});
