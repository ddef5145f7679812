import { describe, expect, it } from 'vitest';
import { nextWindow } from '../../../rate-limit/fixed-window';
import type { RateLimitReader } from '../../../rate-limit/rate-limit-reader';
import type { RateLimitHit, RateLimitStore } from '../../../rate-limit/rate-limit-store';
import { MINUTE_MS } from '../../../shared/clock';
import { unwrap } from '../../../shared/result';
import { clientActor, clientUser, IDS, NOW } from '../../../testing/fixtures';
import { PASSWORD_TOO_COMMON } from '../common-passwords';
import { fakeCommonPasswords, fakeHasher, fixedClock, memoryUnitOfWork } from '../../../testing';
import { changePassword } from './change-password';
import { signInWithEmail } from './sign-in-with-email';

/** A counter store that can also be read (what sign-in and the password change need). */
function memoryLimits(): RateLimitStore & RateLimitReader & { windows: Map<string, RateLimitHit> } {
  const windows = new Map<string, RateLimitHit>();
  return {
    windows,
    async hit(key, windowMs, now) {
      const next = nextWindow(windows.get(key), windowMs, now);
      windows.set(key, next);
      return next;
    },
    async current(key, now) {
      const w = windows.get(key);
      return w && now.getTime() < w.resetAt.getTime() ? w : null;
    },
  };
}

function setup(user = clientUser({ email: 'cleo@example.com', sessionVersion: 3 })) {
  const uow = memoryUnitOfWork();
  uow.data.users.set(user.id, user);
  const clock = fixedClock(NOW);
  const rateLimits = memoryLimits();
  const deps = { uow, hasher: fakeHasher, commonPasswords: fakeCommonPasswords, clock, rateLimits };
  return { uow, clock, rateLimits, deps };
}

const IP = '203.0.113.7';
const form = (o: Record<string, string> = {}) => ({ currentPassword: 'secret1', newPassword: 'new-secret-9', confirmPassword: 'new-secret-9', ...o });

describe('changePassword', () => {
  it('stores the new hash and bumps the session version in one save, and returns the user for the new cookie', async () => {
    const { uow, deps, clock } = setup();
    clock.set(new Date(NOW.getTime() + 5 * MINUTE_MS));
    const changed = unwrap(await changePassword(deps, { actor: clientActor, form: form(), ip: IP }));
    expect(changed).toMatchObject({ id: IDS.client, passwordHash: 'hash:new-secret-9', sessionVersion: 4, updatedAt: clock.now() });
    expect(uow.data.users.get(IDS.client)).toEqual(changed);
  });

  it('refuses a common new password under the new-password field and changes nothing', async () => {
    const { uow, deps } = setup();
    const before = uow.data.users.get(IDS.client);
    const result = await changePassword(deps, { actor: clientActor, form: form({ newPassword: 'qwerty', confirmPassword: 'qwerty' }), ip: IP });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fieldErrors: { newPassword: [PASSWORD_TOO_COMMON] } } });
    expect(uow.data.users.get(IDS.client)).toEqual(before);
  });

  it("refuses a wrong current password with 'Your current password is incorrect.' and changes nothing", async () => {
    const { uow, deps } = setup();
    const before = uow.data.users.get(IDS.client);
    const result = await changePassword(deps, { actor: clientActor, form: form({ currentPassword: 'not-it' }), ip: IP });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'invalid',
        code: 'CURRENT_PASSWORD_INCORRECT',
        message: 'Your current password is incorrect.',
        fieldErrors: { currentPassword: ['Your current password is incorrect.'] },
      },
    });
    expect(uow.data.users.get(IDS.client)).toBe(before);
  });

  it('counts a wrong current password as a failed login of the account, so five lock both the form and the sign-in', async () => {
    const { uow, deps, rateLimits } = setup();
    for (let i = 0; i < 5; i++) {
      const wrong = await changePassword(deps, { actor: clientActor, form: form({ currentPassword: `guess-${i}` }), ip: IP });
      expect(wrong.ok ? null : wrong.error.code).toBe('CURRENT_PASSWORD_INCORRECT');
    }
    expect(rateLimits.windows.get('login:account:cleo@example.com')?.count).toBe(5);
    // Even the right password is refused now, here and at the login (from another address too).
    const right = await changePassword(deps, { actor: clientActor, form: form(), ip: IP });
    expect(right).toMatchObject({ ok: false, error: { kind: 'rate_limited', code: 'RATE_LIMITED', message: 'Too many requests. Please wait until 12:15' } });
    const login = await signInWithEmail(deps, { form: { email: 'cleo@example.com', password: 'secret1' }, ip: '198.51.100.1' });
    expect(login).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    expect(uow.data.users.get(IDS.client)?.passwordHash).toBe('hash:secret1');
  });

  it('counts nothing when the current password is right', async () => {
    const { deps, rateLimits } = setup();
    unwrap(await changePassword(deps, { actor: clientActor, form: form(), ip: IP }));
    expect(rateLimits.windows.size).toBe(0);
  });

  it("refuses a new password under 6 characters with the SPEC's words", async () => {
    const { uow, deps } = setup();
    const result = await changePassword(deps, { actor: clientActor, form: form({ newPassword: '12345', confirmPassword: '12345' }), ip: IP });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'invalid', message: 'Password must be at least 6 characters long', fieldErrors: { newPassword: ['Password must be at least 6 characters long'] } },
    });
    expect(uow.data.users.get(IDS.client)?.passwordHash).toBe('hash:secret1');
  });

  it("refuses a confirmation that differs: 'Passwords do not match'", async () => {
    const { uow, deps } = setup();
    const result = await changePassword(deps, { actor: clientActor, form: form({ confirmPassword: 'new-secret-8' }), ip: IP });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid', message: 'Passwords do not match', fieldErrors: { confirmPassword: ['Passwords do not match'] } } });
    expect(uow.data.users.get(IDS.client)?.sessionVersion).toBe(3);
  });

  it('asks for every field when the form is empty', async () => {
    const { deps } = setup();
    const result = await changePassword(deps, { actor: clientActor, form: {}, ip: IP });
    expect(result.ok ? null : result.error.fieldErrors).toEqual({
      currentPassword: ['Please enter your current password'],
      newPassword: ['Please enter a new password'],
      confirmPassword: ['Please confirm your new password'],
    });
  });

  it('keeps passwords as typed: spaces count, nothing is trimmed', async () => {
    const { deps } = setup(clientUser({ passwordHash: 'hash: old pass ' }));
    const changed = unwrap(await changePassword(deps, { actor: clientActor, form: form({ currentPassword: ' old pass ', newPassword: '  new  ', confirmPassword: '  new  ' }), ip: IP }));
    expect(changed.passwordHash).toBe('hash:  new  ');
  });

  it('tells an account without a password (Google only) to use the reset link instead, and stores nothing', async () => {
    const { uow, deps } = setup(clientUser({ passwordHash: null, googleId: 'google-123' }));
    const result = await changePassword(deps, { actor: clientActor, form: form(), ip: IP });
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden', code: 'NO_PASSWORD' } });
    expect(result.ok ? '' : result.error.message).toContain('Forgot your password?');
    expect(uow.data.users.get(IDS.client)?.passwordHash).toBeNull();
  });

  it('refuses a deactivated account', async () => {
    const { uow, deps } = setup(clientUser({ isActive: false, deactivatedAt: NOW }));
    const result = await changePassword(deps, { actor: clientActor, form: form(), ip: IP });
    expect(result).toMatchObject({ ok: false, error: { code: 'USER_NOT_FOUND' } });
    expect(uow.data.users.get(IDS.client)?.passwordHash).toBe('hash:secret1');
  });

  it('refuses when the password changed between the check and the save (another device won)', async () => {
    const { uow, deps } = setup();
    const racing = {
      ...deps,
      hasher: {
        ...fakeHasher,
        hash: async (password: string) => {
          const u = uow.data.users.get(IDS.client)!;
          uow.data.users.set(IDS.client, { ...u, passwordHash: 'hash:from-elsewhere', sessionVersion: u.sessionVersion + 1 });
          return fakeHasher.hash(password);
        },
      },
    };
    const result = await changePassword(racing, { actor: clientActor, form: form(), ip: IP });
    expect(result).toMatchObject({ ok: false, error: { kind: 'conflict', code: 'PASSWORD_CHANGED_MEANWHILE' } });
    expect(uow.data.users.get(IDS.client)?.passwordHash).toBe('hash:from-elsewhere');
  });
});
