import { json, type AppLoadContext } from '@remix-run/node';
import { enforceRateLimit } from '../../domain/rate-limit/check-rate-limit';
import { RATE_LIMITS } from '../../domain/rate-limit/rate-limit-policy';
import { requestDeps } from '~/request-deps.server';

/**
 * Counts a signed-out view of a public page (FindCoaches, a coach's profile, their next free
 * times) against the visitor's IP address, and past the limit answers 429 with the time they
 * may come back and a Retry-After header: the coach list cannot be scraped page after page.
 * Signed-in people are accountable for what they do and are not counted here.
 */
export async function countPublicVisit(context: AppLoadContext, page: string): Promise<void> {
  const deps = requestDeps(context);
  const now = deps.clock.now();
  const allowed = await enforceRateLimit(deps.rateLimits, 'browse', { ip: context.clientIp }, now);
  if (allowed.ok) return;
  context.log.warn({ ip: context.clientIp, page, action: 'browse' }, 'refused: too many public page views');
  const retryAfterSeconds = Math.ceil(RATE_LIMITS.browse.windowMs / 1000);
  throw json(allowed.error.message, { status: 429, headers: { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' } });
}
