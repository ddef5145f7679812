import { describe, expect, it } from 'vitest';
import { mentionPattern, mentionsOf, rateLimitKeysOf } from './account-erasure';

describe('what erasure searches for', () => {
  it("is the person's full name, email and phone, lower-cased, without blanks or very short texts", () => {
    expect(mentionsOf({ fullName: 'Leo Harris', email: 'Leo@Example.com', phone: '07700 900123' })).toEqual(['leo harris', 'leo@example.com', '07700 900123']);
    expect(mentionsOf({ fullName: 'Al', email: 'al@example.com', phone: null })).toEqual(['al@example.com']);
  });

  it('escapes every regular-expression character so a name matches only itself', () => {
    const pattern = mentionPattern(['o.brien (jr)', 'a+b@x.io'])!;
    expect(pattern).toBe('o\\.brien \\(jr\\)|a\\+b@x\\.io');
    expect(new RegExp(pattern, 'i').test('Hi O.Brien (Jr)!')).toBe(true);
    expect(new RegExp(pattern, 'i').test('Hi OxBrien (Jr)')).toBe(false);
    expect(mentionPattern([])).toBeNull();
  });

  it('removes the counters kept under their address (failed logins, password resets)', () => {
    expect(rateLimitKeysOf({ email: 'leo@example.com' })).toEqual(['login:account:leo@example.com', 'password-reset:email:leo@example.com']);
  });
});
