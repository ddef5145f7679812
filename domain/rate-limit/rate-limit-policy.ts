import { HOUR_MS, MINUTE_MS } from '../shared/clock';

/**
 * SPEC §9 rate limits, enforced on the server per user (or per IP when signed out) in a store
 * shared by every instance (PRODUCT.md). Each policy: how many hits per window, and the words
 * shown when the limit is passed ('{time}' is the London time the window ends, HH:MM).
 */
export type RateLimitAction = 'login' | 'booking' | 'message' | 'profile' | 'passwordReset' | 'dataExport' | 'browse' | 'default';

export interface RateLimitPolicy {
  readonly action: RateLimitAction;
  readonly limit: number;
  readonly windowMs: number;
  readonly message: string;
}

export const RATE_LIMITS: Readonly<Record<RateLimitAction, RateLimitPolicy>> = {
  login: { action: 'login', limit: 5, windowMs: 15 * MINUTE_MS, message: 'Too many requests. Please wait until {time}' },
  booking: { action: 'booking', limit: 10, windowMs: HOUR_MS, message: 'Too many booking attempts. Please wait until {time}' },
  message: { action: 'message', limit: 50, windowMs: 15 * MINUTE_MS, message: 'Too many messages. Please wait until {time}' },
  profile: { action: 'profile', limit: 20, windowMs: 15 * MINUTE_MS, message: 'Too many requests. Please wait until {time}' },
  /** 'Forgot your password?': per client address and per email, so nobody is flooded with reset mail. */
  passwordReset: { action: 'passwordReset', limit: 5, windowMs: HOUR_MS, message: 'Too many requests. Please wait until {time}' },
  /** 'Download my data': a whole copy of an account is heavy, so 3 an hour per user. */
  dataExport: { action: 'dataExport', limit: 3, windowMs: HOUR_MS, message: 'You can download your data 3 times an hour. Please wait until {time}' },
  /** Signed-out page views of the public pages, per IP: a person browsing never meets it; a scraper does. */
  browse: { action: 'browse', limit: 120, windowMs: MINUTE_MS, message: 'Too many pages viewed in a short time. Please wait until {time}' },
  default: { action: 'default', limit: 100, windowMs: 15 * MINUTE_MS, message: 'Too many requests. Please wait until {time}' },
};

/** Who is counted: the signed-in user, else the client's IP address. */
export type RateLimitSubject = { readonly userId: string } | { readonly ip: string };

/** The store key of a policy and subject, e.g. 'booking:user:<id>' or 'login:ip:203.0.113.9'. */
export function rateLimitKey(action: RateLimitAction, subject: RateLimitSubject): string {
  return 'userId' in subject ? `${action}:user:${subject.userId}` : `${action}:ip:${subject.ip}`;
}
