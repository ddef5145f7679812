import { rateLimited } from '../shared/errors';
import { formatLondonTime } from '../shared/london-time';
import { err, ok, type Result } from '../shared/result';
import { RATE_LIMITS, rateLimitKey, type RateLimitAction, type RateLimitPolicy, type RateLimitSubject } from './rate-limit-policy';
import type { RateLimitHit, RateLimitStore } from './rate-limit-store';

/** The SPEC's message with {time} replaced by the London time the window ends ('14:05'). */
export function rateLimitMessage(policy: RateLimitPolicy, resetAt: Date): string {
  return policy.message.replace('{time}', formatLondonTime(resetAt));
}

/**
 * Pure: whether a hit is within the policy. The hit that takes the count past the limit, and
 * every one after it in the window, is refused with a 'rate_limited' DomainError (code
 * RATE_LIMITED, HTTP 429) carrying the SPEC's message.
 */
export function checkRateLimit(policy: RateLimitPolicy, hit: RateLimitHit): Result<void> {
  if (hit.count <= policy.limit) return ok(undefined);
  return err(rateLimited('RATE_LIMITED', rateLimitMessage(policy, hit.resetAt)));
}

/** Counts one attempt of `action` by `subject` in the store and checks it. */
export async function enforceRateLimit(store: RateLimitStore, action: RateLimitAction, subject: RateLimitSubject, now: Date): Promise<Result<void>> {
  const policy = RATE_LIMITS[action];
  const hit = await store.hit(rateLimitKey(action, subject), policy.windowMs, now);
  return checkRateLimit(policy, hit);
}
