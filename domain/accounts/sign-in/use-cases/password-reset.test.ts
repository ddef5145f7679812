import { describe, expect, it } from 'vitest';
import { createInMemoryRateLimitStore } from '../../../rate-limit/in-memory-rate-limit-store';
import { RATE_LIMITS } from '../../../rate-limit/rate-limit-policy';
import { HOUR_MS, MINUTE_MS } from '../../../shared/clock';
import { unwrap } from '../../../shared/result';
import { clientUser, coachUser, IDS, NOW } from '../../../testing/fixtures';
import { PASSWORD_TOO_COMMON } from '../common-passwords';
import { fakeCommonPasswords, fakeHasher, fakeLinks, fixedClock, memoryUnitOfWork, recordingMailer } from '../../../testing';
import { eraseUser } from '../../users/user';
import { parsePasswordResetJob, PASSWORD_RESET_JOB } from '../password-reset-job';
import { PASSWORD_RESET_LINK_LIFETIME_MS, type PasswordResetClaim, type PasswordResetTokens } from '../password-reset-tokens';
import { requestPasswordReset } from './request-password-reset';
import { checkPasswordResetLink, resetPassword } from './reset-password';
import { sendPasswordResetMail } from './send-password-reset-mail';

/** 'reset|<userId>|<email>|<version>|<expires ms>': readable in tests, and it expires like the real one. */
const fakeResetTokens: PasswordResetTokens = {
  issue: async (c, now) => `reset|${c.userId}|${c.email}|${c.sessionVersion}|${now.getTime() + PASSWORD_RESET_LINK_LIFETIME_MS}`,
  read: async (token, now): Promise<PasswordResetClaim | null> => {
    const [kind, userId, email, version, expires] = token.split('|');
    if (kind !== 'reset' || !userId || !email || Number(expires) <= now.getTime()) return null;
    return { userId, email, sessionVersion: Number(version) };
  },
};

function setup(...users: ReturnType<typeof clientUser>[]) {
  const uow = memoryUnitOfWork();
  for (const u of users.length ? users : [clientUser({ email: 'cleo@example.com', sessionVersion: 2 })]) uow.data.users.set(u.id, u);
  const clock = fixedClock(NOW);
  const mailer = recordingMailer();
  const rateLimits = createInMemoryRateLimitStore();
  const deps = { uow, clock, mailer, rateLimits, hasher: fakeHasher, commonPasswords: fakeCommonPasswords, resetTokens: fakeResetTokens, links: fakeLinks };
  return { uow, clock, mailer, deps };
}

const jobs = (uow: ReturnType<typeof memoryUnitOfWork>) => uow.outbox.jobs;
/** The token in the one reset mail sent. */
function mailedToken(mailer: ReturnType<typeof recordingMailer>): string {
  expect(mailer.sent).toHaveLength(1);
  const url = /https:\/\/fact\.test\/ResetPassword\?token=(\S+)/.exec(mailer.sent[0]!.text)?.[1];
  expect(url).toBeDefined();
  return decodeURIComponent(url!);
}
const newPassword = (token: string, password = 'brand-new-7') => ({ token, newPassword: password, confirmPassword: password });

describe('requestPasswordReset', () => {
  it('queues a job with only the normalised email, for an account that exists and for one that does not, alike', async () => {
    const { uow, deps } = setup();
    unwrap(await requestPasswordReset(deps, { form: { email: '  Cleo@Example.COM ' }, ip: '203.0.113.1' }));
    unwrap(await requestPasswordReset(deps, { form: { email: 'nobody@example.com' }, ip: '203.0.113.1' }));
    expect(jobs(uow)).toEqual([
      { type: PASSWORD_RESET_JOB, payload: { email: 'cleo@example.com' } },
      { type: PASSWORD_RESET_JOB, payload: { email: 'nobody@example.com' } },
    ]);
  });

  it('never looks the account up (the worker does), so the request cannot tell who is registered', async () => {
    const { uow, deps } = setup();
    const lookups: string[] = [];
    const read = { ...uow.read, users: { ...uow.read.users, findByEmail: async (e: string) => (lookups.push(e), null) } };
    unwrap(await requestPasswordReset({ ...deps, uow: { ...uow, read } }, { form: { email: 'cleo@example.com' }, ip: '203.0.113.1' }));
    expect(lookups).toEqual([]);
  });

  it('refuses an address that is not an email, and queues nothing', async () => {
    const { uow, deps } = setup();
    const result = await requestPasswordReset(deps, { form: { email: 'not-an-email' }, ip: '203.0.113.1' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid', fieldErrors: { email: expect.arrayContaining(['Please enter a valid email address']) } } });
    expect(await requestPasswordReset(deps, { form: {}, ip: '203.0.113.1' })).toMatchObject({ ok: false, error: { message: 'Please enter your email address' } });
    expect(jobs(uow)).toEqual([]);
  });

  it('allows 5 requests an hour per email, from any address, then refuses with the time the window ends', async () => {
    const { uow, deps } = setup();
    expect(RATE_LIMITS.passwordReset).toMatchObject({ limit: 5, windowMs: HOUR_MS });
    for (let i = 0; i < 5; i++) unwrap(await requestPasswordReset(deps, { form: { email: 'cleo@example.com' }, ip: `203.0.113.${i}` }));
    const sixth = await requestPasswordReset(deps, { form: { email: 'cleo@example.com' }, ip: '203.0.113.99' });
    expect(sixth).toEqual({ ok: false, error: { kind: 'rate_limited', code: 'RATE_LIMITED', message: 'Too many requests. Please wait until 13:00' } });
    expect(jobs(uow)).toHaveLength(5);
  });

  it('allows 5 requests an hour per address, whatever the emails', async () => {
    const { uow, deps, clock } = setup();
    for (let i = 0; i < 5; i++) unwrap(await requestPasswordReset(deps, { form: { email: `person-${i}@example.com` }, ip: '203.0.113.1' }));
    const sixth = await requestPasswordReset(deps, { form: { email: 'person-6@example.com' }, ip: '203.0.113.1' });
    expect(sixth).toMatchObject({ ok: false, error: { kind: 'rate_limited' } });
    clock.set(new Date(NOW.getTime() + HOUR_MS));
    unwrap(await requestPasswordReset(deps, { form: { email: 'person-6@example.com' }, ip: '203.0.113.1' }));
    expect(jobs(uow)).toHaveLength(6);
  });
});

describe('sendPasswordResetMail (the worker)', () => {
  it('mails a one-hour link bound to the user, their email and their session version', async () => {
    const { mailer, deps } = setup();
    expect(unwrap(await sendPasswordResetMail(deps, { email: 'cleo@example.com' }))).toBe('sent');
    expect(mailer.sent[0]).toMatchObject({ to: 'cleo@example.com', subject: 'Reset your FACT password' });
    const token = mailedToken(mailer);
    expect(await fakeResetTokens.read(token, NOW)).toEqual({ userId: IDS.client, email: 'cleo@example.com', sessionVersion: 2 });
    expect(mailer.sent[0]!.text).toContain('If you did not ask for this, you can ignore this email');
    expect(mailer.sent[0]!.text).toContain('one hour');
    expect(mailer.sent[0]!.html).toContain(`href="${fakeLinks.resetPasswordUrl(token)}"`);
  });

  it('escapes the name in the HTML part', async () => {
    const { mailer, deps } = setup(clientUser({ email: 'cleo@example.com', fullName: '<b>Cleo</b> & co' }));
    unwrap(await sendPasswordResetMail(deps, { email: 'cleo@example.com' }));
    expect(mailer.sent[0]!.html).toContain('Hi &lt;b&gt;Cleo&lt;/b&gt; &amp; co,');
    expect(mailer.sent[0]!.text).toContain('Hi <b>Cleo</b> & co,');
  });

  it('mails nothing for an unknown email, a deactivated account or an erased one', async () => {
    const deactivated = coachUser({ email: 'gone@example.com', isActive: false, deactivatedAt: NOW });
    const erased = eraseUser(clientUser({ email: 'erased@example.com' }), IDS.admin, NOW);
    const { mailer, deps } = setup(deactivated, erased);
    expect(unwrap(await sendPasswordResetMail(deps, { email: 'nobody@example.com' }))).toBe('no_account');
    expect(unwrap(await sendPasswordResetMail(deps, { email: 'gone@example.com' }))).toBe('no_account');
    expect(unwrap(await sendPasswordResetMail(deps, { email: 'erased@example.com' }))).toBe('no_account');
    expect(unwrap(await sendPasswordResetMail(deps, { email: erased.email }))).toBe('no_account');
    expect(mailer.sent).toEqual([]);
  });

  it('mails a Google-only account too (that is how it sets a first password)', async () => {
    const { mailer, deps } = setup(clientUser({ email: 'google@example.com', passwordHash: null, googleId: 'g-1' }));
    expect(unwrap(await sendPasswordResetMail(deps, { email: 'google@example.com' }))).toBe('sent');
    expect(mailer.sent).toHaveLength(1);
  });

  it('fails (for the worker to retry) when the mail cannot be sent', async () => {
    const { deps } = setup();
    const result = await sendPasswordResetMail({ ...deps, mailer: recordingMailer('SMTP down') }, { email: 'cleo@example.com' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'unavailable', code: 'MAIL_UNAVAILABLE' } });
  });

  it('reads back only a payload holding a valid email', () => {
    expect(parsePasswordResetJob({ email: 'Cleo@Example.com' })).toEqual({ email: 'cleo@example.com' });
    expect(parsePasswordResetJob({ email: 'nope' })).toBeNull();
    expect(parsePasswordResetJob(null)).toBeNull();
    expect(parsePasswordResetJob({ userId: IDS.client })).toBeNull();
  });
});

describe('resetPassword', () => {
  async function linkFor(setupResult: ReturnType<typeof setup>, email = 'cleo@example.com'): Promise<string> {
    unwrap(await sendPasswordResetMail(setupResult.deps, { email }));
    return mailedToken(setupResult.mailer);
  }

  it('sets the new hash, ends every session (version up) and marks the email verified, in one save', async () => {
    const s = setup(clientUser({ email: 'cleo@example.com', sessionVersion: 2, emailVerifiedAt: null }));
    const token = await linkFor(s);
    s.clock.set(new Date(NOW.getTime() + 10 * MINUTE_MS));
    unwrap(await checkPasswordResetLink(s.deps, { token }));
    const user = unwrap(await resetPassword(s.deps, newPassword(token)));
    expect(user).toMatchObject({ passwordHash: 'hash:brand-new-7', sessionVersion: 3, emailVerifiedAt: s.clock.now(), updatedAt: s.clock.now() });
    expect(s.uow.data.users.get(IDS.client)).toEqual(user);
  });

  it("forgets the account's failed sign-ins, so the owner can sign in at once; the address's count and other accounts' stay", async () => {
    const s = setup();
    const token = await linkFor(s);
    for (const key of ['login:account:cleo@example.com', 'login:ip:203.0.113.1', 'login:account:other@example.com']) {
      for (let i = 0; i < 5; i += 1) await s.deps.rateLimits.hit(key, RATE_LIMITS.login.windowMs, s.clock.now());
    }
    unwrap(await resetPassword(s.deps, newPassword(token)));
    expect([...s.deps.rateLimits.windows.keys()].sort()).toEqual(['login:account:other@example.com', 'login:ip:203.0.113.1']);
  });

  it('refuses a common new password and keeps the link usable', async () => {
    const s = setup();
    const token = await linkFor(s);
    const before = s.uow.data.users.get(IDS.client);
    const refused = await resetPassword(s.deps, { ...newPassword(token), newPassword: 'Password', confirmPassword: 'Password' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fieldErrors: { newPassword: [PASSWORD_TOO_COMMON] } } });
    expect(s.uow.data.users.get(IDS.client)).toEqual(before);
    unwrap(await resetPassword(s.deps, newPassword(token)));
  });

  it('forgets nothing when the reset is refused', async () => {
    const s = setup();
    await s.deps.rateLimits.hit('login:account:cleo@example.com', RATE_LIMITS.login.windowMs, s.clock.now());
    expect((await resetPassword(s.deps, newPassword('reset|forged'))).ok).toBe(false);
    expect([...s.deps.rateLimits.windows.keys()]).toEqual(['login:account:cleo@example.com']);
  });

  it('keeps an earlier verification time', async () => {
    const verifiedAt = new Date(NOW.getTime() - HOUR_MS);
    const s = setup(clientUser({ email: 'cleo@example.com', emailVerifiedAt: verifiedAt }));
    const token = await linkFor(s);
    expect(unwrap(await resetPassword(s.deps, newPassword(token))).emailVerifiedAt).toEqual(verifiedAt);
  });

  it('works once: the same link is refused after it was used', async () => {
    const s = setup();
    const token = await linkFor(s);
    unwrap(await resetPassword(s.deps, newPassword(token)));
    const again = await resetPassword(s.deps, newPassword(token, 'another-one-8'));
    expect(again).toEqual({
      ok: false,
      error: { kind: 'invalid', code: 'PASSWORD_RESET_LINK_INVALID', message: 'This password reset link is invalid or has expired.' },
    });
    expect((await checkPasswordResetLink(s.deps, { token })).ok).toBe(false);
    expect(s.uow.data.users.get(IDS.client)?.passwordHash).toBe('hash:brand-new-7');
  });

  it('is refused after an hour', async () => {
    const s = setup();
    const token = await linkFor(s);
    s.clock.set(new Date(NOW.getTime() + HOUR_MS - 1));
    expect((await checkPasswordResetLink(s.deps, { token })).ok).toBe(true);
    s.clock.set(new Date(NOW.getTime() + HOUR_MS));
    expect(await resetPassword(s.deps, newPassword(token))).toMatchObject({ ok: false, error: { code: 'PASSWORD_RESET_LINK_INVALID' } });
    expect(s.uow.data.users.get(IDS.client)?.passwordHash).toBe('hash:secret1');
  });

  it('is refused once anything ended the sessions after it was sent (a logout, a password change)', async () => {
    const s = setup();
    const token = await linkFor(s);
    const u = s.uow.data.users.get(IDS.client)!;
    s.uow.data.users.set(IDS.client, { ...u, sessionVersion: u.sessionVersion + 1 });
    expect(await resetPassword(s.deps, newPassword(token))).toMatchObject({ ok: false, error: { code: 'PASSWORD_RESET_LINK_INVALID' } });
  });

  it('is refused for an account deactivated or erased since, or whose email changed', async () => {
    for (const change of [
      (u: ReturnType<typeof clientUser>) => ({ ...u, isActive: false, deactivatedAt: NOW }),
      (u: ReturnType<typeof clientUser>) => eraseUser(u, IDS.admin, NOW),
      (u: ReturnType<typeof clientUser>) => ({ ...u, email: 'cleo.new@example.com' }),
    ]) {
      const s = setup();
      const token = await linkFor(s);
      s.uow.data.users.set(IDS.client, change(s.uow.data.users.get(IDS.client)!));
      const before = s.uow.data.users.get(IDS.client);
      expect(await resetPassword(s.deps, newPassword(token))).toMatchObject({ ok: false, error: { code: 'PASSWORD_RESET_LINK_INVALID' } });
      expect(s.uow.data.users.get(IDS.client)).toBe(before);
    }
  });

  it('refuses a forged, empty or missing token', async () => {
    const s = setup();
    for (const token of ['', 'forged', `reset|${IDS.coach}|cleo@example.com|2|${NOW.getTime() + HOUR_MS}`, undefined, 42]) {
      expect(await resetPassword(s.deps, { token, newPassword: 'brand-new-7', confirmPassword: 'brand-new-7' })).toMatchObject({
        ok: false,
        error: { code: 'PASSWORD_RESET_LINK_INVALID' },
      });
    }
  });

  it("checks the new password like a change: 6 characters at least, and 'Passwords do not match'", async () => {
    const s = setup();
    const token = await linkFor(s);
    expect(await resetPassword(s.deps, newPassword(token, '12345'))).toMatchObject({
      ok: false,
      error: { kind: 'invalid', fieldErrors: { newPassword: ['Password must be at least 6 characters long'] } },
    });
    expect(await resetPassword(s.deps, { token, newPassword: 'brand-new-7', confirmPassword: 'brand-new-8' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid', message: 'Passwords do not match' },
    });
    // Refused forms leave the link usable.
    unwrap(await resetPassword(s.deps, newPassword(token)));
  });

  it('lets a Google-only account set its first password', async () => {
    const s = setup(clientUser({ email: 'google@example.com', passwordHash: null, googleId: 'g-1' }));
    const token = await linkFor(s, 'google@example.com');
    expect(unwrap(await resetPassword(s.deps, newPassword(token))).passwordHash).toBe('hash:brand-new-7');
  });
});
