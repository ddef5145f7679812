import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON } from '../../../domain/accounts/sign-in/common-passwords';
import { registerWithEmail } from '../../../domain/accounts/sign-in/use-cases/register-with-email';
import { useTestApp } from '../../support/app';

/** Common passwords refused, through the application's own wiring: the real list refuses a common password at sign-up, and stores nothing. */
describe('common passwords at sign-up', () => {
  const ctx = useTestApp();
  const form = (password: string) => ({
    email: `p-${password.length}@example.com`,
    password,
    fullName: 'Pat Player',
    phone: '+44 7700 900123',
    location: 'Leeds',
    confirmAge: 'on',
    userType: 'client',
  });

  it("refuses 'password' and '123456' with a clear message, and accepts an uncommon one", async () => {
    for (const password of ['password', '123456', 'Liverpool']) {
      expect(await registerWithEmail(ctx.app.deps(), form(password))).toMatchObject({ ok: false, error: { message: PASSWORD_TOO_COMMON, fieldErrors: { password: [PASSWORD_TOO_COMMON] } } });
    }
    expect(await ctx.db.query(`select id from users`)).toEqual([]);
    expect(await registerWithEmail(ctx.app.deps(), form('kick-it-long-77'))).toMatchObject({ ok: true });
  });
});
