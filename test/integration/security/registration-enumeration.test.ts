import { describe, expect, it } from 'vitest';
import { outboxFileOf } from '../../../adapters/mail/index';
import { ACCOUNT_NOTICES } from '../../../domain/accounts/sign-in/account-emails';
import { createUser, readOutbox } from '../../support/accounts';
import { sameOrigin, useHttpApp, type HttpApp } from '../../support/http-app';
import { PRODUCTION_HASH_COST } from '../../support/test-env';

/**
 * Decision 008 over HTTP: the Register page's email sign-up answers a registered
 * address exactly as a new one (status, redirect, toast, time), stores nothing for it, and mails
 * the address's owner instead.
 */
const http = useHttpApp(PRODUCTION_HASH_COST);
let ipCounter = 0;
/** Each sign-up from its own address, so the per-address limit (100 per 15 minutes) stays out of the way. */
const freshIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

/** What the Register page's email form posts (a client sign-up). */
const signUpForm = (email: string) =>
  new URLSearchParams({
    userType: 'user',
    email,
    password: 'a-new-password-7',
    fullName: 'Probe Person',
    phone: '+44 7700 900555',
    location: 'Derby',
    bio: '',
    confirmAge: 'on',
  });

interface Answer {
  status: number;
  location: string | null;
  /** The Set-Cookie names and values (the flash toast), without attributes that vary. */
  cookies: string[];
  /** The page the redirect lands on, opened with the flash cookie. */
  landing: string;
  ms: number;
}

async function signUp(base: HttpApp, email: string): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${base.baseUrl}/Register`, {
    method: 'POST',
    body: signUpForm(email),
    headers: sameOrigin(base.baseUrl, { 'X-Forwarded-For': freshIp() }),
    redirect: 'manual',
  });
  const ms = performance.now() - started;
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const location = res.headers.get('location');
  let landing = '';
  if (res.status === 302 && location) {
    const page = await fetch(new URL(location, base.baseUrl), { headers: { Cookie: cookies.join('; ') }, redirect: 'manual' });
    landing = await page.text();
  } else {
    landing = await res.text();
  }
  return { status: res.status, location, cookies, landing, ms };
}

const usersWithEmail = async (email: string) => (await http.db.query<{ n: string }>('select count(*)::text as n from users where email = $1', [email.toLowerCase()]))[0]!.n;
const mailsTo = (email: string) => readOutbox(outboxFileOf(http.app.env)).filter((m) => m.to === email.toLowerCase());

describe('registration without account enumeration', () => {
  it('answers a registered email with the same status, redirect and toast as a new one, stores nothing and mails the owner', async () => {
    const owner = await createUser(http.app, { email: 'owner@example.com' });
    const usersBefore = (await http.db.query<{ n: string }>('select count(*)::text as n from users'))[0]!.n;

    const fresh = await signUp(http, 'brand-new@example.com');
    const taken = await signUp(http, 'Owner@Example.com');

    expect(taken.status).toBe(302);
    expect(taken.status).toBe(fresh.status);
    expect(taken.location).toBe('/');
    expect(taken.location).toBe(fresh.location);
    expect(taken.cookies).toEqual(fresh.cookies);
    expect(taken.cookies.join(' ')).toMatch(/^fact_toast=/);
    // The landing page shows the same toast words on both paths.
    for (const answer of [fresh, taken]) expect(answer.landing).toContain(ACCOUNT_NOTICES.registered);

    // One new account (the fresh one), nothing for the taken address; the owner's row is unchanged.
    expect(await usersWithEmail('owner@example.com')).toBe('1');
    expect(await usersWithEmail('brand-new@example.com')).toBe('1');
    const usersAfter = (await http.db.query<{ n: string }>('select count(*)::text as n from users'))[0]!.n;
    expect(Number(usersAfter)).toBe(Number(usersBefore) + 1);
    const [row] = await http.db.query<{ full_name: string; password_hash: string }>('select full_name, password_hash from users where id = $1', [owner.user.id]);
    expect(row).toEqual({ full_name: owner.user.fullName, password_hash: owner.user.passwordHash });

    // The owner got the notice; the newcomer got a verification link.
    const notices = mailsTo('owner@example.com').filter((m) => m.subject === 'You already have a FACT account');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Someone (maybe you) just tried to create a FACT account with this email address.');
    expect(notices[0]!.text).toContain(http.app.deps().links.loginUrl());
    expect(notices[0]!.text).toContain('Forgot your password?');
    expect(mailsTo('brand-new@example.com').map((m) => m.subject)).toEqual(['Verify your email for FACT']);
  });

  it('sends an unverified owner a fresh verification link, and a deactivated one nothing, with the same answer', async () => {
    const unverified = await createUser(http.app, { email: 'unverified-owner@example.com', verified: false });
    const deactivated = await createUser(http.app, { email: 'deactivated-owner@example.com' });
    await http.db.query('update users set is_active = false, deactivated_at = now() where id = $1', [deactivated.user.id]);
    const mailsBefore = { unverified: mailsTo(unverified.email).length, deactivated: mailsTo(deactivated.email).length };

    const fresh = await signUp(http, 'another-new@example.com');
    for (const email of [unverified.email, deactivated.email]) {
      const taken = await signUp(http, email);
      expect({ status: taken.status, location: taken.location, cookies: taken.cookies }).toEqual({
        status: fresh.status,
        location: fresh.location,
        cookies: fresh.cookies,
      });
      expect(await usersWithEmail(email)).toBe('1');
    }
    const newMails = mailsTo(unverified.email).slice(mailsBefore.unverified);
    expect(newMails.map((m) => m.subject)).toEqual(['Verify your email for FACT']);
    expect(newMails[0]!.text).toMatch(/\/auth\/verify\?token=/);
    expect(mailsTo(deactivated.email)).toHaveLength(mailsBefore.deactivated);
  });

  it('takes about as long for a registered email as for a new one (both hash and send one mail)', async () => {
    const owners = await Promise.all([1, 2, 3].map((i) => createUser(http.app, { email: `timing-owner-${i}@example.com` })));
    // Warm both paths up once.
    await signUp(http, 'warm-up-new@example.com');
    await signUp(http, owners[0]!.email);
    const fresh: number[] = [];
    const taken: number[] = [];
    // Interleaved, alternating which goes first.
    for (let i = 0; i < 15; i++) {
      const a = () => signUp(http, `timing-new-${i}@example.com`).then((r) => fresh.push(r.ms));
      const b = () => signUp(http, owners[i % 3]!.email).then((r) => taken.push(r.ms));
      if (i % 2 === 0) {
        await a();
        await b();
      } else {
        await b();
        await a();
      }
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const ratio = median(taken) / median(fresh);
    expect(ratio, `registered ${median(taken).toFixed(1)} ms, new ${median(fresh).toFixed(1)} ms`).toBeGreaterThan(0.7);
    expect(ratio, `registered ${median(taken).toFixed(1)} ms, new ${median(fresh).toFixed(1)} ms`).toBeLessThan(1.4);
    // Both paths run the memory-hard hash (tens of milliseconds), not just a look-up.
    expect(median(taken)).toBeGreaterThan(20);
    for (const owner of owners) expect(await usersWithEmail(owner.email)).toBe('1');
  });
});
