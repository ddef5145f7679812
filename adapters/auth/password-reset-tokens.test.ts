import { describe, expect, it } from 'vitest';
import { createAccountLinks, createEmailVerificationTokens } from './email-verification-tokens';
import { createPasswordResetTokens } from './password-reset-tokens';

const SECRET = 'unit-test-secret-unit-test-secret-0123';
const NOW = new Date('2026-03-10T12:00:00Z');
const HOUR = 3_600_000;
const claim = { userId: '30000000-0000-4000-8000-000000000001', email: 'cleo@example.com', sessionVersion: 4 };

describe('password-reset tokens', () => {
  it('give back the user, the email and the session version for an hour, and nothing after', async () => {
    const tokens = createPasswordResetTokens(SECRET);
    const token = await tokens.issue(claim, NOW);
    expect(await tokens.read(token, NOW)).toEqual(claim);
    expect(await tokens.read(token, new Date(NOW.getTime() + HOUR - 1))).toEqual(claim);
    expect(await tokens.read(token, new Date(NOW.getTime() + HOUR))).toBeNull();
  });

  it('are refused when signed with another secret or altered', async () => {
    const token = await createPasswordResetTokens(SECRET).issue(claim, NOW);
    expect(await createPasswordResetTokens('another-secret-another-secret-0123').read(token, NOW)).toBeNull();
    const [body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ p: { ...JSON.parse(Buffer.from(body!, 'base64url').toString()).p, v: 5 }, exp: NOW.getTime() + HOUR })).toString('base64url');
    expect(await createPasswordResetTokens(SECRET).read(`${forged}.${signature}`, NOW)).toBeNull();
  });

  it('are not email-verification tokens, and the other way round (the purpose is signed)', async () => {
    const reset = createPasswordResetTokens(SECRET);
    const verification = createEmailVerificationTokens(SECRET);
    expect(await verification.read(await reset.issue(claim, NOW), NOW)).toBeNull();
    expect(await reset.read(await verification.issue(claim, NOW), NOW)).toBeNull();
  });

  it('link to the ResetPassword page of the public origin', () => {
    expect(createAccountLinks('https://fact.example/').resetPasswordUrl('a.b+c')).toBe('https://fact.example/ResetPassword?token=a.b%2Bc');
  });
});
