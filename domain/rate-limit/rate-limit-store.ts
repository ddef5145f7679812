/**
 * Port: a counter per key in fixed windows, shared by every app instance (PostgreSQL in
 * production). `hit` counts one attempt and answers the count in the current window and when
 * that window ends, following `nextWindow` (fixed-window.ts) atomically.
 */
export interface RateLimitHit {
  readonly count: number;
  readonly resetAt: Date;
}

export interface RateLimitStore {
  hit(key: string, windowMs: number, now: Date): Promise<RateLimitHit>;
}
