import { describe, expect, it } from 'vitest';
import { unwrap, type Result } from '../../../shared/result';
import type { UnitOfWork } from '../../../unit-of-work';
import { PASSWORD_TOO_COMMON } from '../common-passwords';
import { fakeCommonPasswords, fakeHasher, fakeLinks, fakeTokens, fixedClock, memoryUnitOfWork, recordingMailer, sequentialIds } from '../../../testing';
import { clientUser, coachUser, NOW } from '../../../testing/fixtures';
import { deactivateUser, type User } from '../../users/user';
import { adminActor } from '../../../testing/fixtures';
import type { ExternalIdentity } from '../identity-provider';
import { loginWithEmail } from './login-with-email';
import { loginWithGoogle } from './login-with-google';
import { registerWithEmail, type AccountCreated, type Registered } from './register-with-email';
import { resendVerificationEmail } from './resend-verification-email';
import { verifyEmail } from './verify-email';

function setup(mailFailure?: string) {
  const uow = memoryUnitOfWork();
  const mailer = recordingMailer(mailFailure);
  const deps = { uow, hasher: fakeHasher, commonPasswords: fakeCommonPasswords, ids: sequentialIds(), clock: fixedClock(NOW), mailer, tokens: fakeTokens, links: fakeLinks };
  return { uow, mailer, deps };
}

const form = {
  email: 'New.Coach@Example.com',
  password: 'secret1',
  fullName: 'New Coach',
  phone: '+44 7700 900123',
  location: 'Leeds',
  confirmAge: 'on',
  userType: 'coach',
  hourlyRate: '40',
  servicesOffered: ['striker', 'defense'],
  ageGroups: ['adults'],
};

/** The stored account of a sign-up that created one. */
function created(result: Result<Registered>): AccountCreated {
  const value = unwrap(result);
  if (value.outcome !== 'created') throw new Error(`expected a new account, got ${value.outcome}`);
  return value;
}

describe('registerWithEmail', () => {
  it('stores an unverified user with a hashed password, the coach profile, and mails the verification link', async () => {
    const { uow, mailer, deps } = setup();
    const registered = created(await registerWithEmail(deps, form));
    expect(registered.user).toMatchObject({ email: 'new.coach@example.com', passwordHash: 'hash:secret1', emailVerifiedAt: null, userType: 'coach' });
    expect(registered.coachProfile).toMatchObject({ hourlyRatePence: 4000, servicesOffered: ['striker', 'defense'] });
    expect(registered.verificationMailSent).toBe(true);
    expect(uow.data.users.size).toBe(1);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'new.coach@example.com', subject: 'Verify your email for FACT' });
    expect(mailer.sent[0]!.text).toContain(fakeLinks.verifyEmailUrl(`token:${registered.user.id}:new.coach@example.com`));
  });

  it('refuses a password on the common-passwords list, whatever its case, keeping the 6-character rule first, and stores nothing', async () => {
    const { uow, mailer, deps } = setup();
    const result = await registerWithEmail(deps, { ...form, password: 'FootBall' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid', code: 'VALIDATION_FAILED', message: PASSWORD_TOO_COMMON, fieldErrors: { password: [PASSWORD_TOO_COMMON] } } });
    expect(await registerWithEmail(deps, { ...form, password: '12345' })).toMatchObject({ ok: false, error: { message: 'Password must be at least 6 characters long' } });
    expect(uow.data.users.size).toBe(0);
    expect(mailer.sent).toHaveLength(0);
  });

  it('returns the form errors without storing anything', async () => {
    const { uow, deps } = setup();
    const result = await registerWithEmail(deps, { ...form, password: '123' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid', message: 'Password must be at least 6 characters long' } });
    expect(uow.data.users.size).toBe(0);
  });

  it('keeps the account when the mail cannot be sent, and says so', async () => {
    const { uow, deps } = setup('SMTP down');
    const registered = created(await registerWithEmail(deps, { ...form, userType: 'user' }));
    expect(registered).toMatchObject({ verificationMailSent: false, coachProfile: null });
    expect(registered.user.userType).toBe('client');
    expect(uow.data.users.size).toBe(1);
  });
});

describe('registerWithEmail for an email that already has an account (no enumeration, decision 008)', () => {
  /** A setup whose hasher counts its calls (both paths must pay for one hash). */
  function withOwner(owner: User) {
    const s = setup();
    s.uow.data.users.set(owner.id, owner);
    let hashes = 0;
    const deps = {
      ...s.deps,
      hasher: {
        ...fakeHasher,
        hash: async (p: string) => {
          hashes += 1;
          return fakeHasher.hash(p);
        },
      },
    };
    return { ...s, deps, hashes: () => hashes, before: structuredClone(owner) };
  }

  it('succeeds without storing anything, and mails the verified owner that they already have an account', async () => {
    const owner = clientUser({ email: 'new.coach@example.com', fullName: 'Cleo <Client>' });
    const { uow, mailer, deps, hashes, before } = withOwner(owner);
    const result = await registerWithEmail(deps, form);
    expect(result).toEqual({ ok: true, value: { outcome: 'already_registered', ownerId: owner.id, mail: 'notice', mailSent: true } });
    expect(hashes()).toBe(1);
    expect(uow.data.users.size).toBe(1);
    expect(uow.data.users.get(owner.id)).toEqual(before);
    expect(uow.data.coachProfiles.size).toBe(0);
    expect(mailer.sent).toHaveLength(1);
    const mail = mailer.sent[0]!;
    expect(mail).toMatchObject({ to: 'new.coach@example.com', subject: 'You already have a FACT account' });
    expect(mail.text).toContain('Someone (maybe you) just tried to create a FACT account with this email address.');
    expect(mail.text).toContain(fakeLinks.loginUrl());
    expect(mail.text).toContain('"Forgot your password?"');
    expect(mail.text).toContain("If it wasn't you, you can ignore this email");
    expect(mail.html).toContain('Hi Cleo &lt;Client&gt;,');
    expect(mail.html).not.toContain('<Client>');
  });

  it('answers whatever the case of the email, like the stored lower-case address', async () => {
    const owner = clientUser({ email: 'new.coach@example.com' });
    const { mailer, deps } = withOwner(owner);
    expect(unwrap(await registerWithEmail(deps, { ...form, email: 'NEW.COACH@EXAMPLE.COM' })).outcome).toBe('already_registered');
    expect(mailer.sent.map((m) => m.to)).toEqual(['new.coach@example.com']);
  });

  it('points a Google-only owner at the Google button instead of the password reset', async () => {
    const owner = coachUser({ email: 'new.coach@example.com', passwordHash: null, googleId: 'g-7' });
    const { mailer, deps } = withOwner(owner);
    expect(unwrap(await registerWithEmail(deps, form))).toMatchObject({ outcome: 'already_registered', mail: 'notice' });
    expect(mailer.sent[0]!.text).toContain('"Continue with Google"');
    expect(mailer.sent[0]!.text).not.toContain('Forgot your password');
  });

  it('sends an unverified owner a fresh verification link instead', async () => {
    const owner = clientUser({ email: 'new.coach@example.com', emailVerifiedAt: null });
    const { uow, mailer, deps, hashes } = withOwner(owner);
    expect(unwrap(await registerWithEmail(deps, form))).toEqual({ outcome: 'already_registered', ownerId: owner.id, mail: 'verification', mailSent: true });
    expect(hashes()).toBe(1);
    expect(uow.data.users.size).toBe(1);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'new.coach@example.com', subject: 'Verify your email for FACT' });
    expect(mailer.sent[0]!.text).toContain(fakeLinks.verifyEmailUrl(`token:${owner.id}:new.coach@example.com`));
  });

  it('sends nothing to a deactivated or erased owner, and still answers with success', async () => {
    for (const owner of [
      unwrap(deactivateUser(clientUser({ email: 'new.coach@example.com' }), adminActor, 'spam', NOW)),
      clientUser({ email: 'new.coach@example.com', erasedAt: NOW, isActive: false, passwordHash: null }),
    ]) {
      const { uow, mailer, deps, hashes } = withOwner(owner);
      expect(await registerWithEmail(deps, form)).toEqual({ ok: true, value: { outcome: 'already_registered', ownerId: owner.id, mail: 'none', mailSent: false } });
      expect(hashes()).toBe(1);
      expect(uow.data.users.size).toBe(1);
      expect(mailer.sent).toHaveLength(0);
    }
  });

  it('treats a concurrent sign-up that wins the unique email the same way: success, nothing stored, the owner mailed', async () => {
    const { uow, mailer, deps } = setup();
    const owner = clientUser({ email: 'new.coach@example.com' });
    // The other sign-up commits between our look-up (which saw no account) and our insert.
    const racing: UnitOfWork = {
      transaction: (work) => {
        uow.data.users.set(owner.id, owner);
        return uow.transaction(work);
      },
      read: { ...uow.read, users: { ...uow.read.users, findByEmail: async (email) => (uow.data.users.size === 0 ? null : uow.read.users.findByEmail(email)) } },
    };
    const result = await registerWithEmail({ ...deps, uow: racing }, form);
    expect(result).toEqual({ ok: true, value: { outcome: 'already_registered', ownerId: owner.id, mail: 'notice', mailSent: true } });
    expect([...uow.data.users.keys()]).toEqual([owner.id]);
    expect(uow.data.coachProfiles.size).toBe(0);
    expect(mailer.sent.map((m) => m.subject)).toEqual(['You already have a FACT account']);
  });
});

describe('verifyEmail', () => {
  it('marks the email verified from a valid link', async () => {
    const { uow, deps } = setup();
    const user = created(await registerWithEmail(deps, form)).user;
    const verified = unwrap(await verifyEmail(deps, { token: `token:${user.id}:${user.email}` }));
    expect(verified.emailVerifiedAt).toEqual(NOW);
    expect(uow.data.users.get(user.id)?.emailVerifiedAt).toEqual(NOW);
  });

  it('refuses a bad token or one for another email', async () => {
    const { deps } = setup();
    const user = created(await registerWithEmail(deps, form)).user;
    expect(await verifyEmail(deps, { token: 'garbage' })).toMatchObject({ ok: false, error: { code: 'VERIFICATION_LINK_INVALID' } });
    expect(await verifyEmail(deps, { token: `token:${user.id}:old@example.com` })).toMatchObject({ ok: false, error: { code: 'VERIFICATION_LINK_INVALID' } });
  });

  it('sends a fresh link to an unverified account only, answering the same either way', async () => {
    const { mailer, deps } = setup();
    await registerWithEmail(deps, form);
    expect((await resendVerificationEmail(deps, { email: 'new.coach@example.com' })).ok).toBe(true);
    expect((await resendVerificationEmail(deps, { email: 'nobody@example.com' })).ok).toBe(true);
    expect(mailer.sent).toHaveLength(2);
  });
});

describe('loginWithEmail (SPEC §8)', () => {
  async function registered(verified: boolean) {
    const s = setup();
    const user = created(await registerWithEmail(s.deps, form)).user;
    if (verified) await verifyEmail(s.deps, { token: `token:${user.id}:${user.email}` });
    return { ...s, user };
  }

  it('signs in a verified, active user with the right password, whatever the email case', async () => {
    const { deps, user } = await registered(true);
    expect(unwrap(await loginWithEmail(deps, { email: 'NEW.COACH@example.com', password: 'secret1' })).id).toBe(user.id);
  });

  it("answers a wrong password or unknown email with 'Invalid email or password. Please check your credentials and try again.'", async () => {
    const { deps } = await registered(true);
    const invalid = {
      ok: false,
      error: { kind: 'invalid', code: 'INVALID_CREDENTIALS', message: 'Invalid email or password. Please check your credentials and try again.' },
    };
    expect(await loginWithEmail(deps, { email: 'new.coach@example.com', password: 'wrong!' })).toEqual(invalid);
    expect(await loginWithEmail(deps, { email: 'nobody@example.com', password: 'secret1' })).toEqual(invalid);
  });

  it("asks an unverified user to verify: 'Please check your email and click the verification link before logging in.'", async () => {
    const { deps } = await registered(false);
    expect(await loginWithEmail(deps, { email: 'new.coach@example.com', password: 'secret1' })).toMatchObject({
      ok: false,
      error: { code: 'EMAIL_NOT_VERIFIED', message: 'Please check your email and click the verification link before logging in.' },
    });
  });

  it('refuses a deactivated user', async () => {
    const { uow, deps, user } = await registered(true);
    uow.data.users.set(user.id, unwrap(deactivateUser(uow.data.users.get(user.id)!, adminActor, null, NOW)));
    expect(await loginWithEmail(deps, { email: 'new.coach@example.com', password: 'secret1' })).toMatchObject({
      ok: false,
      error: { code: 'ACCOUNT_DEACTIVATED', kind: 'forbidden' },
    });
  });

  it('refuses a Google-only account with a password', async () => {
    const { uow, deps } = setup();
    const google = coachUser({ passwordHash: null, googleId: 'g-1', email: 'g@example.com' });
    uow.data.users.set(google.id, google);
    expect(await loginWithEmail(deps, { email: 'g@example.com', password: 'anything' })).toMatchObject({ ok: false, error: { code: 'INVALID_CREDENTIALS' } });
  });
});

describe('loginWithGoogle', () => {
  const identity: ExternalIdentity = {
    provider: 'google',
    subject: 'google-123',
    email: 'gina@example.com',
    emailVerified: true,
    name: 'Gina G',
    pictureUrl: 'https://lh3.googleusercontent.com/a/photo',
  };

  it('creates a verified client account on first sign-in', async () => {
    const { uow, deps } = setup();
    const signIn = unwrap(await loginWithGoogle(deps, { identity }));
    expect(signIn).toMatchObject({ created: true, appliedPendingProfile: false });
    expect(signIn.user).toMatchObject({ email: 'gina@example.com', googleId: 'google-123', passwordHash: null, emailVerifiedAt: NOW, userType: 'client', fullName: 'Gina G' });
    expect(uow.data.users.size).toBe(1);
  });

  it('applies the registration form kept during the round-trip (SPEC pendingProfileData)', async () => {
    const { uow, deps } = setup();
    const pendingProfile = { userType: 'coach', phone: '+44 7700 900123', location: 'York', hourlyRate: '35', confirmAge: 'true', servicesOffered: 'goalkeeping' };
    const signIn = unwrap(await loginWithGoogle(deps, { identity, pendingProfile }));
    expect(signIn).toMatchObject({ created: true, appliedPendingProfile: true });
    expect(signIn.user).toMatchObject({ userType: 'coach', locationAddress: 'York' });
    expect(uow.data.coachProfiles.get(signIn.user.id)).toMatchObject({ hourlyRatePence: 3500, servicesOffered: ['goalkeeping'] });
  });

  it('finds the account by Google id next time', async () => {
    const { uow, deps } = setup();
    const first = unwrap(await loginWithGoogle(deps, { identity }));
    const again = unwrap(await loginWithGoogle(deps, { identity: { ...identity, email: 'changed@example.com' } }));
    expect(again).toMatchObject({ created: false, user: { id: first.user.id } });
    expect(uow.data.users.size).toBe(1);
  });

  it('links Google to an existing email account', async () => {
    const { uow, deps } = setup();
    const existing = clientUser({ email: 'gina@example.com', emailVerifiedAt: null });
    uow.data.users.set(existing.id, existing);
    const signIn = unwrap(await loginWithGoogle(deps, { identity }));
    expect(signIn).toMatchObject({ created: false, user: { id: existing.id, googleId: 'google-123', emailVerifiedAt: NOW } });
  });

  it('refuses an unverified Google email and a deactivated account', async () => {
    const { uow, deps } = setup();
    expect(await loginWithGoogle(deps, { identity: { ...identity, emailVerified: false } })).toMatchObject({ ok: false, error: { code: 'GOOGLE_EMAIL_UNVERIFIED' } });
    const removed = unwrap(deactivateUser(clientUser({ email: 'gina@example.com' }), adminActor, null, NOW));
    uow.data.users.set(removed.id, removed);
    expect(await loginWithGoogle(deps, { identity })).toMatchObject({ ok: false, error: { code: 'ACCOUNT_DEACTIVATED' } });
  });
});
