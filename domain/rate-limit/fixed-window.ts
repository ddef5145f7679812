import type { RateLimitHit } from './rate-limit-store';

/**
 * The fixed-window counter every RateLimitStore follows: the first hit opens a window of
 * `windowMs`; hits inside it add one; the first hit at or after its end opens a new window.
 */
export function nextWindow(current: RateLimitHit | null | undefined, windowMs: number, now: Date): RateLimitHit {
  if (!current || now.getTime() >= current.resetAt.getTime()) {
    return { count: 1, resetAt: new Date(now.getTime() + windowMs) };
  }
  return { count: current.count + 1, resetAt: current.resetAt };
}
