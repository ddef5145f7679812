import { createCookie } from '@remix-run/node';
import { describe, expect, it, vi } from 'vitest';
import { rememberingVerifiedCookie } from './remembered-cookie';

const signed = () => createCookie('fact_session', { secrets: ['a-secret-a-secret-a-secret-a-secret'], path: '/' });

describe('a signed cookie that remembers what it verified', () => {
  it('gives what the cookie gives, and checks a header it has verified once only', async () => {
    const cookie = signed();
    const parse = vi.spyOn(cookie, 'parse');
    const remembering = rememberingVerifiedCookie(cookie);
    const header = (await cookie.serialize({ userId: 'u1', sessionVersion: 2 })).split(';')[0]!;
    expect(await remembering.parse(header)).toEqual({ userId: 'u1', sessionVersion: 2 });
    expect(await remembering.parse(header)).toEqual({ userId: 'u1', sessionVersion: 2 });
    expect(parse).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(await remembering.parse(header))).toBe(true);
  });

  it('checks a forged header every time and never answers it with a value', async () => {
    const cookie = signed();
    const parse = vi.spyOn(cookie, 'parse');
    const remembering = rememberingVerifiedCookie(cookie);
    const header = (await cookie.serialize({ userId: 'u1', sessionVersion: 2 })).split(';')[0]!;
    const forged = header.replace(/.(?=[^.]*$)/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(await remembering.parse(forged)).toBeNull();
    expect(await remembering.parse(forged)).toBeNull();
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('keeps at most its limit, dropping the least recently used first', async () => {
    const cookie = signed();
    const parse = vi.spyOn(cookie, 'parse');
    const remembering = rememberingVerifiedCookie(cookie, 2);
    const headers = await Promise.all(['a', 'b', 'c'].map(async (userId) => (await cookie.serialize({ userId })).split(';')[0]!));
    await remembering.parse(headers[0]!);
    await remembering.parse(headers[1]!);
    await remembering.parse(headers[0]!); // a is now the most recently used
    await remembering.parse(headers[2]!); // so b goes
    expect(parse).toHaveBeenCalledTimes(3);
    await remembering.parse(headers[0]!);
    await remembering.parse(headers[2]!);
    expect(parse).toHaveBeenCalledTimes(3);
    await remembering.parse(headers[1]!);
    expect(parse).toHaveBeenCalledTimes(4);
  });

  it('serialises through the cookie it wraps, with its name and signing', async () => {
    const cookie = signed();
    const remembering = rememberingVerifiedCookie(cookie);
    expect(remembering.name).toBe('fact_session');
    expect(remembering.isSigned).toBe(true);
    const header = (await remembering.serialize({ userId: 'u9' })).split(';')[0]!;
    expect(await cookie.parse(header)).toEqual({ userId: 'u9' });
  });
});
