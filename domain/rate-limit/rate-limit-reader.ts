import type { RateLimitHit } from './rate-limit-store';

/**
 * Port: reads a counter without counting. Sign-in counts only failed attempts (so a person who
 * signs in often is never locked out) but must refuse an attempt, even a right one, once the
 * failures in the window reached the limit: that needs a look before the attempt.
 */
export interface RateLimitReader {
  /** The current window of `key`, or null when there is none or it has ended. */
  current(key: string, now: Date): Promise<RateLimitHit | null>;
}
