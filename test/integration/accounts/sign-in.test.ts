import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { outboxFileOf } from '../../../adapters/mail/index';
import { registerWithEmail } from '../../../domain/accounts/sign-in/use-cases/register-with-email';
import { endAllSessions } from '../../../domain/accounts/sign-in/use-cases/end-all-sessions';
import { signInWithEmail } from '../../../domain/accounts/sign-in/use-cases/sign-in-with-email';
import { verifyEmail } from '../../../domain/accounts/sign-in/use-cases/verify-email';
import { createUser } from '../../support/accounts';
import { useTestApp } from '../../support/app';

const form = (email: string, password: string) => ({ email, password });

describe('registration, verification and sign-in', () => {
  const ctx = useTestApp();

  it('registers a coach, mails a verification link that works, and signs in only after it', async () => {
    const deps = ctx.app.deps();
    const registered = await registerWithEmail(deps, {
      email: 'New.Coach@Example.com',
      password: 'secret-pass',
      fullName: 'Nia Coach',
      phone: '+44 7700 900456',
      location: 'Leeds',
      userType: 'coach',
      hourlyRate: '45',
      servicesOffered: ['goalkeeping'],
      ageGroups: ['adults'],
      confirmAge: 'on',
    });
    expect(registered.ok && registered.value.outcome).toBe('created');
    if (!registered.ok || registered.value.outcome !== 'created') return;
    expect(registered.value.coachProfile).toMatchObject({ hourlyRatePence: 4500, servicesOffered: ['goalkeeping'] });

    const unverified = await signInWithEmail(deps, { form: form('new.coach@example.com', 'secret-pass'), ip: '198.51.100.1' });
    expect(unverified.ok ? 'signed in' : unverified.error.message).toBe('Please check your email and click the verification link before logging in.');

    const lines = readFileSync(outboxFileOf(ctx.app.env), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { to: string; text: string });
    const mail = lines.reverse().find((l) => l.to === 'new.coach@example.com');
    const link = /https?:\/\/\S+\/auth\/verify\?token=\S+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    expect((await verifyEmail(deps, { token })).ok).toBe(true);
    expect((await verifyEmail(deps, { token: `${token}x` })).ok).toBe(false);

    const signedIn = await signInWithEmail(deps, { form: form('NEW.COACH@example.com', 'secret-pass'), ip: '198.51.100.1' });
    expect(signedIn.ok && signedIn.value.userType).toBe('coach');
  });

  it('answers a sign-up for a registered email as a success, stores nothing and mails the owner (decision 008)', async () => {
    const { user, email } = await createUser(ctx.app, { email: 'dupe@example.com' });
    const again = await registerWithEmail(ctx.app.deps(), {
      email: 'Dupe@Example.com',
      password: 'secret-pass',
      fullName: 'Someone Else',
      phone: '+44 7700 900789',
      location: 'York',
      userType: 'client',
      confirmAge: 'on',
    });
    expect(again).toEqual({ ok: true, value: { outcome: 'already_registered', ownerId: user.id, mail: 'notice', mailSent: true } });
    const rows = await ctx.db.query<{ id: string; full_name: string }>('select id, full_name from users where email = $1', [email]);
    expect(rows).toEqual([{ id: user.id, full_name: user.fullName }]);
    const lines = readFileSync(outboxFileOf(ctx.app.env), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { to: string; subject: string; text: string });
    const notice = lines.reverse().find((l) => l.to === email);
    expect(notice?.subject).toBe('You already have a FACT account');
    expect(notice?.text).toContain(ctx.app.deps().links.loginUrl());
  });

  it('allows five wrong passwords per account, then refuses even the right one until the window ends', async () => {
    const { email, password } = await createUser(ctx.app, { email: 'target@example.com' });
    const deps = ctx.app.deps();
    for (let i = 0; i < 5; i++) {
      const attempt = await signInWithEmail(deps, { form: form(email, 'wrong-password'), ip: `203.0.113.${i}` });
      expect(attempt.ok ? 'signed in' : attempt.error.code).toBe('INVALID_CREDENTIALS');
    }
    const blocked = await signInWithEmail(deps, { form: form(email, password), ip: '203.0.113.99' });
    expect(blocked.ok ? 'signed in' : blocked.error.message).toMatch(/^Too many requests\. Please wait until \d{2}:\d{2}$/);

    ctx.app.testClock!.set(new Date(Date.now() + 16 * 60_000));
    try {
      expect((await signInWithEmail(deps, { form: form(email, password), ip: '203.0.113.99' })).ok).toBe(true);
    } finally {
      ctx.app.testClock!.reset();
    }
  });

  it('counts failures per address across accounts, and never counts successful sign-ins', async () => {
    const { email, password } = await createUser(ctx.app, { email: 'often@example.com' });
    const deps = ctx.app.deps();
    for (let i = 0; i < 8; i++) expect((await signInWithEmail(deps, { form: form(email, password), ip: '192.0.2.7' })).ok).toBe(true);
    for (let i = 0; i < 5; i++) await signInWithEmail(deps, { form: form(`nobody${i}@example.com`, 'x'), ip: '192.0.2.8' });
    const fromSameAddress = await signInWithEmail(deps, { form: form(email, password), ip: '192.0.2.8' });
    expect(fromSameAddress.ok ? 'signed in' : fromSameAddress.error.code).toBe('RATE_LIMITED');
  });

  it('ends every session of a user by raising the session version', async () => {
    const { user } = await createUser(ctx.app, {});
    expect((await endAllSessions(ctx.app.deps(), { userId: user.id })).ok).toBe(true);
    expect((await ctx.app.deps().uow.read.users.findById(user.id))?.sessionVersion).toBe(user.sessionVersion + 1);
  });
});
