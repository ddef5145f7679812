import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MINUTE_MS } from '../shared/clock';
import { checkRateLimit, enforceRateLimit, rateLimitMessage } from './check-rate-limit';
import { nextWindow } from './fixed-window';
import { createInMemoryRateLimitStore } from './in-memory-rate-limit-store';
import { RATE_LIMITS, rateLimitKey } from './rate-limit-policy';
import type { RateLimitHit } from './rate-limit-store';

// 2026-01-15 14:00 UTC is 14:00 in London (GMT); 2026-07-15 13:00 UTC is 14:00 in London (BST).
const winter = new Date('2026-01-15T14:00:00Z');
const summer = new Date('2026-07-15T13:00:00Z');

describe('rate-limit policies (SPEC §9)', () => {
  it('allows 5 logins per 15 minutes', () => {
    expect(RATE_LIMITS.login).toMatchObject({ limit: 5, windowMs: 15 * MINUTE_MS, message: 'Too many requests. Please wait until {time}' });
  });
  it('allows 10 booking attempts per hour', () => {
    expect(RATE_LIMITS.booking).toMatchObject({ limit: 10, windowMs: 60 * MINUTE_MS, message: 'Too many booking attempts. Please wait until {time}' });
  });
  it('allows 50 messages per 15 minutes', () => {
    expect(RATE_LIMITS.message).toMatchObject({ limit: 50, windowMs: 15 * MINUTE_MS, message: 'Too many messages. Please wait until {time}' });
  });
  it('allows 20 profile changes and 100 other requests per 15 minutes', () => {
    expect(RATE_LIMITS.profile).toMatchObject({ limit: 20, windowMs: 15 * MINUTE_MS, message: 'Too many requests. Please wait until {time}' });
    expect(RATE_LIMITS.default).toMatchObject({ limit: 100, windowMs: 15 * MINUTE_MS, message: 'Too many requests. Please wait until {time}' });
  });
  it('keys signed-in users by id and visitors by IP', () => {
    expect(rateLimitKey('booking', { userId: 'u1' })).toBe('booking:user:u1');
    expect(rateLimitKey('login', { ip: '203.0.113.9' })).toBe('login:ip:203.0.113.9');
  });
});

describe('checkRateLimit', () => {
  it('accepts the hit that reaches the limit and refuses the next one', () => {
    const resetAt = new Date(winter.getTime() + 15 * MINUTE_MS);
    expect(checkRateLimit(RATE_LIMITS.login, { count: 5, resetAt }).ok).toBe(true);
    const refused = checkRateLimit(RATE_LIMITS.login, { count: 6, resetAt });
    expect(refused).toEqual({
      ok: false,
      error: { kind: 'rate_limited', code: 'RATE_LIMITED', message: 'Too many requests. Please wait until 14:15' },
    });
  });

  it('formats the time in London, in summer time too', () => {
    expect(rateLimitMessage(RATE_LIMITS.booking, new Date(summer.getTime() + 60 * MINUTE_MS))).toBe('Too many booking attempts. Please wait until 15:00');
    expect(rateLimitMessage(RATE_LIMITS.message, new Date(summer.getTime() + 15 * MINUTE_MS))).toBe('Too many messages. Please wait until 14:15');
  });

  it('refuses exactly the hits beyond the limit', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(RATE_LIMITS)), fc.integer({ min: 1, max: 500 }), (policy, count) => {
        const result = checkRateLimit(policy, { count, resetAt: winter });
        expect(result.ok).toBe(count <= policy.limit);
      }),
    );
  });
});

describe('the fixed window', () => {
  it('opens a window on the first hit and counts within it', () => {
    const first = nextWindow(null, 1000, winter);
    expect(first).toEqual({ count: 1, resetAt: new Date(winter.getTime() + 1000) });
    expect(nextWindow(first, 1000, new Date(winter.getTime() + 999))).toEqual({ count: 2, resetAt: first.resetAt });
  });

  it('opens a fresh window once the old one has ended', () => {
    const first = nextWindow(null, 1000, winter);
    expect(nextWindow(first, 1000, new Date(winter.getTime() + 1000))).toEqual({ count: 1, resetAt: new Date(winter.getTime() + 2000) });
  });

  it('never counts more hits than were made since the window opened, and never resets early', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.array(fc.integer({ min: 0, max: 3_000 }), { minLength: 1, maxLength: 60 }), (windowMs, gaps) => {
        let state: RateLimitHit | null = null;
        let t = winter.getTime();
        const hits: number[] = [];
        for (const gap of gaps) {
          t += gap;
          hits.push(t);
          const next: RateLimitHit = nextWindow(state, windowMs, new Date(t));
          const windowStart = next.resetAt.getTime() - windowMs;
          // The count is the number of hits since the window opened.
          expect(next.count).toBe(hits.filter((h) => h >= windowStart).length);
          expect(next.resetAt.getTime()).toBeGreaterThan(t);
          expect(next.resetAt.getTime()).toBeLessThanOrEqual(t + windowMs);
          state = next;
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('enforceRateLimit', () => {
  it('lets 10 booking attempts through in an hour and refuses the eleventh, per user', async () => {
    const store = createInMemoryRateLimitStore();
    for (let i = 0; i < 10; i++) expect((await enforceRateLimit(store, 'booking', { userId: 'a' }, winter)).ok).toBe(true);
    const eleventh = await enforceRateLimit(store, 'booking', { userId: 'a' }, winter);
    expect(eleventh.ok ? null : eleventh.error.message).toBe('Too many booking attempts. Please wait until 15:00');
    expect((await enforceRateLimit(store, 'booking', { userId: 'b' }, winter)).ok).toBe(true);
    expect((await enforceRateLimit(store, 'booking', { userId: 'a' }, new Date(winter.getTime() + 60 * MINUTE_MS))).ok).toBe(true);
  });
});
